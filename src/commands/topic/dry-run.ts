import type { RequestSpec } from '../../api/client.js';
import { redact } from '../../api/redact.js';
import { isSandboxKey, requireBaseUrl } from '../../config/resolve.js';
import type { Context } from '../../context.js';

// --dry-run of a single-request write (topic update, property update): the
// exact request — method, full URL, JSON body — on stdout, nothing sent.
// It needs the base URL (to print the URL) but no API key: a plan can be
// checked where the key is not available.

/** The full URL of a request, as ApiClient.urlFor builds it, without constructing a client. */
export function previewUrl(baseUrl: string, spec: Pick<RequestSpec, 'path'>): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${spec.path}`;
}

export async function printDryRun(ctx: Context, spec: RequestSpec): Promise<void> {
  const out = ctx.output();
  const url = previewUrl(requireBaseUrl(ctx.settings()), spec);
  const body = spec.body === undefined ? undefined : redact(spec.body);
  if (out.format === 'json' || out.format === 'ndjson') {
    const obj = { dry_run: true, method: spec.method, url, ...(body === undefined ? {} : { body }) };
    await out.write(`${JSON.stringify(obj, null, out.format === 'json' ? 2 : undefined)}\n`);
  } else {
    await out.write(`${spec.method} ${url}\n${body === undefined ? '' : `${JSON.stringify(body, null, 2)}\n`}`);
  }
  ctx.notice('dry run: nothing was sent');
  sandboxNote(ctx);
}

/** Sandbox keys are refused on every audience write (spec 5): say so on a dry run, where no 403 will. */
export function sandboxNote(ctx: Context): void {
  const key = ctx.settings().apiKey.value;
  if (key && isSandboxKey(key)) ctx.notice('note: the API key in use is a sandbox key; the API refuses this operation for sandbox keys');
}

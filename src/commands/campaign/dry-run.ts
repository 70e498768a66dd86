import type { ApiClient, RequestSpec } from '../../api/client.js';
import { redact } from '../../api/redact.js';
import { maskSecret } from '../../config/resolve.js';
import type { Context } from '../../context.js';

/**
 * --dry-run: prints the exact request a write command would send (method,
 * URL, headers that matter, body; secrets masked) on stdout, sends nothing.
 * json/ndjson get one object: {"dry_run": true, "method", "url", "body"}, "body"
 * left out when the request has none (as topic/property update print it).
 * Unlike those, it needs the API key: a dry run of schedule/unschedule checks
 * everything a real run would check before sending, the sandbox refusal included.
 */
export async function printDryRun(ctx: Context, api: ApiClient, spec: RequestSpec): Promise<void> {
  const out = ctx.output();
  const url = api.urlFor(spec);
  const body = spec.body === undefined ? undefined : redact(spec.body);
  if (out.format === 'json' || out.format === 'ndjson') {
    const obj = { dry_run: true, method: spec.method, url, ...(body === undefined ? {} : { body }) };
    await out.write(`${out.format === 'json' ? JSON.stringify(obj, null, 2) : JSON.stringify(obj)}\n`);
  } else {
    const key = ctx.settings().apiKey.value;
    let text = `${spec.method} ${url}\n`;
    if (key) text += `authorization: Bearer ${maskSecret(key)}\n`;
    if (body !== undefined) text += `content-type: application/json\n\n${JSON.stringify(body)}\n`;
    await out.write(text);
  }
  ctx.notice('dry run: nothing was sent');
}

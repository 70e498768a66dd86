import type { RequestSpec } from '../api/client.js';
import type { Operation } from '../api/operations.js';
import { apiUrl } from '../api/url.js';
import { redact } from '../api/redact.js';
import { isSandboxKey, requireBaseUrl } from '../config/resolve.js';
import type { Context } from '../context.js';
import { AuthError } from '../errors.js';
import { jsonText } from '../output/json.js';

// What every write command shares: the --dry-run printout and the sandbox-key
// refusal. Both run after the verb's own checks, so a dry run validates all
// that a real run would and then sends nothing.

/** The full URL of a request, as the client would build it, without constructing a client. */
export function requestUrl(ctx: Context, spec: Pick<RequestSpec, 'path' | 'query'>): string {
  return apiUrl(requireBaseUrl(ctx.settings()), spec);
}

/**
 * --dry-run: the exact request on stdout (method, full URL, JSON body with
 * secrets masked), nothing sent, exit 0. json/ndjson get one object
 * {"dry_run": true, "method", "url", "body"} ("body" left out when there is none).
 * Needs the base URL but not the key, so a change can be checked where the key is not available.
 */
export async function printDryRun(ctx: Context, spec: RequestSpec): Promise<void> {
  const out = ctx.output();
  const url = requestUrl(ctx, spec);
  const body = spec.body === undefined ? undefined : redact(spec.body);
  if (out.format === 'json' || out.format === 'ndjson') {
    const obj = { dry_run: true, method: spec.method, url, ...(body === undefined ? {} : { body }) };
    await out.write(`${out.format === 'json' ? jsonText(obj, out, true) : JSON.stringify(obj)}\n`);
  } else {
    await out.write(`${spec.method} ${url}\n${body === undefined ? '' : `${JSON.stringify(body, null, 2)}\n`}`);
  }
  ctx.notice('dry run: nothing was sent');
}

/**
 * Sandbox keys carry a prefix of their own (service-notes) and the API refuses
 * them on the six writes of spec section 5 (the operation's sandboxRefused): refuse before sending, so neither a
 * request nor the sandbox's small daily quota is spent on a certain 403.
 */
export function refuseSandboxKey(ctx: Context, action: string, operation: Operation): void {
  if (!operation.sandboxRefused) return;
  const key = ctx.settings().apiKey.value;
  if (key && isSandboxKey(key)) {
    throw new AuthError(`sandbox API keys cannot ${action}: the API refuses them on ${operation.name} (nothing was sent)`, {
      hint: 'use a live key: set MAILCTL_API_KEY, or run `mailctl auth login` for a profile with a live key',
    });
  }
}

import { ApiError } from '../errors.js';

const HINTS: Record<string, string> = {
  insufficient_scope: 'the API key lacks the scope this operation needs: use a key with that scope',
  sandbox_restricted: 'sandbox keys cannot change data: use a live key',
  rate_limit_exceeded: 'the team is over its rate limit: wait and run the command again',
};

type Headers = Record<string, string | string[] | undefined>;

/** A spent sending quota (429 daily_quota_exceeded / quota_exceeded): waiting does not help, its reset does. */
export function quotaHint(code: string | undefined, headers: Headers = {}): string | undefined {
  if (code !== 'daily_quota_exceeded' && code !== 'quota_exceeded') return undefined;
  const daily = code === 'daily_quota_exceeded';
  const v = headers[daily ? 'x-daily-reset' : 'x-monthly-reset'];
  const unix = Number(Array.isArray(v) ? v[0] : v);
  const at = v === undefined || !Number.isFinite(unix) ? 'unknown' : new Date(unix * 1000).toISOString().replace('.000Z', 'Z');
  return `the ${daily ? 'daily' : 'monthly'} sending quota resets at ${at}`;
}

function hintFor(status: number, code?: string, retryAfterSeconds?: number, headers?: Headers): string | undefined {
  const quota = quotaHint(code, headers);
  if (quota) return quota;
  if ((status === 429 || code === 'rate_limit_exceeded') && retryAfterSeconds !== undefined && retryAfterSeconds > 0) {
    return `the team is over its rate limit: the API asks to wait ${retryAfterSeconds} s (Retry-After) before the next request; run the command again then`;
  }
  if (code && HINTS[code]) return HINTS[code];
  if (status === 401) return 'check the API key: run `mailctl auth login`, or set MAILCTL_API_KEY';
  if (status === 429) return HINTS.rate_limit_exceeded;
  return undefined;
}

/**
 * Where a 3xx points, for its error: a redirect is never followed (the API key would go with
 * it, maybe off loopback or to plain http), so the user is told where the server wanted to go.
 * Cut to its first 120 characters: the header is the server's text.
 */
function redirectTarget(value: string | string[] | undefined): string | undefined {
  let location = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!location) return undefined;
  // credentials in it are not printed (as in a base URL)
  if (URL.canParse(location)) {
    const url = new URL(location);
    if (url.username !== '' || url.password !== '') location = `${url.protocol}//…@${url.host}${url.pathname}`;
  }
  return location.length > 120 ? `${location.slice(0, 120)}… (${location.length} characters)` : location;
}

/** What came back instead of JSON, in a few words: for errors and for 2xx answers alike. */
export function describeNonJson(text: string, contentType: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'an empty body';
  if (/html/i.test(contentType) || /^<(!doctype|html|head|body)/i.test(trimmed)) {
    const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(trimmed)?.[1]?.trim();
    return `an HTML page${title ? ` "${title}"` : ''}, not JSON: a proxy or gateway may be failing`;
  }
  if (/^[{[]/.test(trimmed)) return 'a truncated or malformed JSON body';
  return `a non-JSON body: "${trimmed.slice(0, 80).replace(/\s+/g, ' ')}${trimmed.length > 80 ? '…' : ''}"`;
}

/** One field error as text: a server that nests objects or arrays there is shown as JSON, not "[object Object]". */
function messageText(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message === null || typeof message !== 'object') return String(message);
  return JSON.stringify(message);
}

function fieldErrorsOf(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  // fromEntries defines own keys: a field named "__proto__" stays a field, not the object's prototype
  return Object.fromEntries(Object.entries(value).map(([field, messages]) => [field, Array.isArray(messages) ? messages.map(messageText) : [messageText(messages)]]));
}

/**
 * Turns any error answer into an ApiError with a one-line message: the API's
 * own message when the body is the documented JSON, else a description of what
 * came back (HTML from a proxy, nothing, half a JSON document).
 */
export function apiErrorFrom(init: {
  status: number;
  text: string;
  json: unknown;
  contentType: string;
  retryAfterMs?: number;
  /** The answer's headers, kept on the error (a quota refusal's X-Daily-Reset). */
  headers?: Record<string, string | string[] | undefined>;
}): ApiError {
  const body = init.json && typeof init.json === 'object' ? (init.json as Record<string, unknown>) : undefined;
  const code = typeof body?.error_code === 'string' ? body.error_code : undefined;
  const location = init.status >= 300 && init.status < 400 ? redirectTarget(init.headers?.location) : undefined;
  const message =
    location !== undefined
      ? `HTTP ${init.status}: the server redirects to ${location}, and mailctl does not follow redirects`
      : typeof body?.message === 'string' && body.message.trim() !== ''
        ? body.message.trim().split('\n')[0]!
        : `HTTP ${init.status}: the server answered with ${describeNonJson(init.text, init.contentType)}`;
  const retryAfter = init.retryAfterMs === undefined ? undefined : Math.ceil(init.retryAfterMs / 1000);
  return new ApiError(
    { status: init.status, code, message, fieldErrors: fieldErrorsOf(body?.errors), retryAfter, headers: init.headers },
    { hint: location !== undefined ? 'check --base-url: it must be the API root itself, which answers without a redirect' : hintFor(init.status, code, retryAfter, init.headers) },
  );
}

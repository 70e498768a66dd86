// Request URLs, shared by the transport and by --dry-run (which prints the URL
// without building a client, so it loads no undici).

export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

/** "?a=1&b=x%2Cy": undefined and null values are left out; arrays are sent comma-separated, as the spec's list parameters are. */
function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where a request goes: the origin the connection pool opens, the path it sends, and both as one URL for messages. */
export interface RequestTarget {
  origin: string;
  path: string;
  url: string;
}

/** A request below a base URL that may have a path of its own (https://host/v1). */
export function requestTarget(baseUrl: string, spec: { path: string; query?: Record<string, QueryValue> }): RequestTarget {
  const base = new URL(baseUrl);
  const path = `${base.pathname.replace(/\/+$/, '')}${spec.path}${buildQuery(spec.query)}`;
  return { origin: base.origin, path, url: `${base.origin}${path}` };
}

/** The full URL of a request (for --dry-run and messages). */
export function apiUrl(baseUrl: string, spec: { path: string; query?: Record<string, QueryValue> }): string {
  return requestTarget(baseUrl, spec).url;
}

/**
 * The longest request line mailctl sends (`GET <url> HTTP/1.1`, counted with the full URL, as a
 * proxy receives it). Servers refuse longer ones (431 or 414): nginx reads the request line
 * into one 8 KiB buffer, Node's HTTP server takes 16 KiB for the line and headers together.
 * Past it a request is refused before it is sent: a URL the server would refuse is a usage
 * error, not something to retry.
 */
export const MAX_REQUEST_LINE_BYTES = 8_000;

/** Bytes of the request line of `method` on this target. */
export function requestLineBytes(method: string, target: RequestTarget): number {
  return Buffer.byteLength(`${method} ${target.url} HTTP/1.1`);
}

/** A query value's bytes once encoded as URLSearchParams encodes it (each ',' joining a list costs 3: %2C). */
export function encodedBytes(value: string): number {
  return new URLSearchParams({ v: value }).toString().length - 2;
}

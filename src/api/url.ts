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

// Request URLs, shared by the transport and by --dry-run (which prints the URL
// without building a client, so it loads no undici).

export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

/** "?a=1&b=x%2Cy": undefined and null values are left out; arrays are sent comma-separated, as the spec's list parameters are. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The full URL of a request below a base URL that may have a path of its own (https://host/v1). */
export function apiUrl(baseUrl: string, spec: { path: string; query?: Record<string, QueryValue> }): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${spec.path}${buildQuery(spec.query)}`;
}

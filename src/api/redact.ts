/** Body fields that hold secrets: never printed, not even under --verbose or --dry-run. */
const SECRET_KEY = /(password|secret|api_key|apikey|authorization|^token$|access_token)/i;

const MASK = '********';

/** A copy of a JSON value with every secret field replaced by a mask. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      out[key] = SECRET_KEY.test(key) && inner !== null && inner !== undefined ? MASK : redact(inner);
    }
    return out;
  }
  return value;
}

/**
 * A request body for one --verbose line: secrets masked, and long arrays cut
 * to their first items and a count (a bulk request holds 1,000 ids).
 */
export function describeBody(value: unknown): string {
  const shorten = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.length > 3 ? [...v.slice(0, 3).map(shorten), `… ${v.length - 3} more`] : v.map(shorten);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, shorten(inner)]));
    return typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v;
  };
  return JSON.stringify(shorten(redact(value)));
}

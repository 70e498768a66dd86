/** Body fields that hold secrets: never printed, not even under --verbose or --dry-run. */
const SECRET_KEY = /(password|secret|api_key|apikey|authorization|^token$|access_token)/i;

export const MASK = '********';

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

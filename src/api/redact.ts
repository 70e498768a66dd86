/** Body fields that hold secrets: never printed, not even under --verbose or --dry-run. */
const SECRET_KEY = /(password|secret|api_key|apikey|authorization|^token$|access_token)/i;

const MASK = '********';

/** "scheme://" then everything up to the last "@" of the authority: the userinfo. */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/**
 * A URL as mailctl prints it: its userinfo (user:password@) replaced by ***, as proxies are
 * shown by host and port only. Works on text that does not parse as a URL too, since error
 * messages quote what the user typed. The one place a URL is masked: every message, notice,
 * --verbose line and --dry-run that shows a URL goes through it.
 */
export function maskUrl(url: string): string {
  return url.replace(USERINFO, '$1***@');
}

/** A copy of a JSON value with every secret field replaced by a mask, and the userinfo of URLs masked. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    // fromEntries defines own keys: a "__proto__" key stays a key, not the copy's prototype
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) && inner !== null && inner !== undefined ? MASK : redact(inner)]));
  }
  return typeof value === 'string' ? maskUrl(value) : value;
}

/**
 * The strings a body holds under secret fields (at any depth), and the passwords of the URLs
 * it holds, as `redact` masks them: `api` adds them to the run's secrets, so that an answer
 * echoing what was sent is masked as the dry run masks the request.
 */
export function secretValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(secretValues);
  if (typeof value === 'string') return urlPasswords(value);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    SECRET_KEY.test(key) ? (typeof inner === 'string' ? [inner] : Array.isArray(inner) ? inner.filter((v): v is string => typeof v === 'string') : secretValues(inner)) : secretValues(inner),
  );
}

/** The password of a URL's userinfo (what maskUrl hides), as written and percent-decoded. */
function urlPasswords(text: string): string[] {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(text)?.[1];
  const colon = userinfo?.indexOf(':') ?? -1;
  if (colon < 0) return [];
  const password = userinfo!.slice(colon + 1);
  try {
    const decoded = decodeURIComponent(password);
    return decoded === password ? [password] : [password, decoded];
  } catch {
    return [password];
  }
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

// Validation helpers shared by the routes. Errors accumulate per field so one 422 names every
// offending field at once, as the service's `errors` map does.
import { notFound, validationFailed } from './api-error.js';
import { parseDateOnly, parseDateTime } from './time.js';
import { MS_PER_DAY } from '../time-units.js';

export class FieldErrors {
  readonly map: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.map[field] ??= []).push(message);
  }
  has(field: string): boolean {
    return field in this.map;
  }
  throwIfAny(): void {
    if (Object.keys(this.map).length > 0) throw validationFailed(this.map);
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID_RE.test(s);
}

export function isEmail(s: unknown): s is string {
  return typeof s === 'string' && s.length <= 320 && EMAIL_RE.test(s);
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Path parameters marked uuid in the spec: a malformed one is a 422 naming the parameter. */
export function requireUuidParam(name: string, value: string): void {
  if (!isUuid(value)) throw validationFailed({ [name]: [`The ${name} field must be a valid UUID.`] });
}

/**
 * A record addressed by a uuid path parameter: 404 "<Entity> not found." when absent. A malformed
 * id is a 422 naming the parameter on the operations that document a 422 (`malformed` 'invalid',
 * the default); on those whose only documented failure for a bad id is 404 (the shows, the
 * deletes and the membership links: spec 4.27, 4.29, 4.35 to 4.39, 4.42, 4.43, 4.46, 4.47, 4.51,
 * and the [OAS] responses of base 4.4, 4.9, 4.11) it is simply not found, as a malformed domain
 * name is on GET /domains/{domain} (4.10).
 */
export function findByUuid<T>(
  map: ReadonlyMap<string, T>,
  params: Record<string, string>,
  name: string,
  entity: string,
  malformed: 'invalid' | 'missing' = 'invalid',
): T {
  const id = params[name] as string;
  if (malformed === 'missing' && !isUuid(id)) throw notFound(entity);
  requireUuidParam(name, id);
  const item = map.get(id);
  if (item === undefined) throw notFound(entity);
  return item;
}

type Query = Record<string, string>;

/** An empty query value counts as absent (as the service converts empty strings to null). */
function raw(query: Query, name: string): string | undefined {
  const v = query[name];
  return v === undefined || v === '' ? undefined : v;
}

/** Whole decimal integers only: "abc", "1.5", "1e2" and out-of-range values are refused. */
export function intQuery(errs: FieldErrors, query: Query, name: string, min: number, max: number, def: number): number {
  const v = raw(query, name);
  if (v === undefined) return def;
  if (!/^-?\d+$/.test(v)) {
    errs.add(name, `The ${name} field must be an integer.`);
    return def;
  }
  const n = Number(v);
  if (n < min || n > max) {
    errs.add(name, `The ${name} field must be between ${min} and ${max}.`);
    return def;
  }
  return n;
}

export function listQuery(query: Query, name: string): string[] | undefined {
  const v = raw(query, name);
  if (v === undefined) return undefined;
  const items = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return items.length > 0 ? items : undefined;
}

export function oneOfQuery<T extends string>(
  errs: FieldErrors,
  query: Query,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const v = raw(query, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) {
    errs.add(name, `The selected ${name} is invalid. Allowed values: ${allowed.join(', ')}.`);
    return undefined;
  }
  return v as T;
}

export function emailQuery(errs: FieldErrors, query: Query, name: string): string | undefined {
  const v = raw(query, name);
  if (v === undefined) return undefined;
  if (!isEmail(v)) {
    errs.add(name, `The ${name} field must be a valid email address.`);
    return undefined;
  }
  return v;
}

/** A YYYY-MM-DD query value as [start of day, end of day] in UTC ms. */
export function dateQuery(errs: FieldErrors, query: Query, name: string): { start: number; end: number } | undefined {
  const v = raw(query, name);
  if (v === undefined) return undefined;
  const start = parseDateOnly(v);
  if (start === null) {
    errs.add(name, `The ${name} field must be a valid date in the format YYYY-MM-DD.`);
    return undefined;
  }
  return { start, end: start + MS_PER_DAY - 1 };
}

/** An ISO date or date-time query value; a date alone spans its whole UTC day. */
export function dateTimeQuery(
  errs: FieldErrors,
  query: Query,
  name: string,
): { start: number; end: number } | undefined {
  const v = raw(query, name);
  if (v === undefined) return undefined;
  const t = parseDateTime(v);
  if (t === null) {
    errs.add(name, `The ${name} field must be a valid ISO 8601 date or date-time.`);
    return undefined;
  }
  return { start: t.ms, end: t.dateOnly ? t.ms + MS_PER_DAY - 1 : t.ms };
}

/** Request bodies of the write operations must be JSON objects; no body counts as `{}`. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationFailed({ body: ['The request body must be a JSON object.'] });
  }
  return body as Record<string, unknown>;
}

export interface StringRule {
  max: number;
  nullable?: boolean;
  min?: number;
  uri?: boolean;
  /** only white space counts as no value: "The x field is required." (as the audience names have it) */
  notBlank?: boolean;
}

/** An optional string field of a body: undefined when absent, null only when the rule allows it. */
export function optString(
  errs: FieldErrors,
  obj: Record<string, unknown>,
  name: string,
  rule: StringRule,
): string | null | undefined {
  if (!(name in obj)) return undefined;
  const v = obj[name];
  if (v === null) {
    if (rule.nullable) return null;
    errs.add(name, `The ${name} field must be a string.`);
    return undefined;
  }
  if (typeof v !== 'string') {
    errs.add(name, `The ${name} field must be a string.`);
    return undefined;
  }
  if (rule.notBlank && v.trim() === '') {
    if (!errs.has(name)) errs.add(name, `The ${name} field is required.`);
    return undefined;
  }
  const length = charCount(v);
  if (length > rule.max) errs.add(name, `The ${name} field must not be greater than ${rule.max} characters.`);
  if (rule.min !== undefined && length < rule.min) {
    errs.add(name, `The ${name} field must be at least ${rule.min} characters.`);
  }
  if (rule.uri && !isHttpUrl(v)) errs.add(name, `The ${name} field must be a valid URL.`);
  return errs.has(name) ? undefined : v;
}

/**
 * A text's length as the service counts it for its limits (and JSON Schema's maxLength):
 * characters (code points), so 255 emoji are a valid name although they are 510 UTF-16 units.
 */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

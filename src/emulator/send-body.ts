// The body of POST /emails and POST /emails/scheduled (spec 4.3, 4.5, 7): every rule, each
// failing field named in one 422. Where the sources disagree (section 11) this follows the one
// the spec calls authoritative: 50 recipients across to, cc and bcc (item 3); the union of the
// two lists of headers that cannot be set (item 5); non-string substitution values (item 6).
import { charCount, FieldErrors, isEmail, optString } from './validate.js';

export interface SendBody {
  from: string;
  from_name: string | null;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  template_slug: string | null;
  template_version: number | null;
  project_id: number | null;
  tag: string | null;
  metadata: Record<string, string>;
  options: { click_tracking?: boolean; open_tracking?: boolean; transactional?: boolean };
  /** bytes of content and attachments, for msg_size */
  size: number;
}

const FORBIDDEN_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'date', 'message-id', 'mime-version', 'content-type',
  'content-transfer-encoding', 'dkim-signature', 'return-path', 'received', 'list-unsubscribe',
  'list-unsubscribe-post', 'x-msys-api',
]);
const OPTIONS = ['click_tracking', 'open_tracking', 'transactional', 'inline_css', 'perform_substitutions'] as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_ATTACHMENTS_BYTES = 5 * 1024 * 1024;
const MAX_RECIPIENTS = 50;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function address(errs: FieldErrors, field: string, v: unknown): string | undefined {
  if (typeof v !== 'string') errs.add(field, `The ${field} field must be a string.`);
  else if (charCount(v) > 255) errs.add(field, `The ${field} field must not be greater than 255 characters.`);
  else if (!isEmail(v)) errs.add(field, `The ${field} field must be a valid email address.`);
  else return v;
  return undefined;
}

function addresses(errs: FieldErrors, body: Obj, field: string, required: boolean): string[] {
  const v = body[field];
  if (v === undefined || v === null) {
    if (required) errs.add(field, `The ${field} field is required.`);
    return [];
  }
  if (!Array.isArray(v)) {
    errs.add(field, `The ${field} field must be an array.`);
    return [];
  }
  if (required && v.length < 1) errs.add(field, `The ${field} field must have at least 1 item.`);
  if (field === 'to' && v.length > MAX_RECIPIENTS) errs.add(field, `The ${field} field must not have more than ${MAX_RECIPIENTS} items.`);
  const out: string[] = [];
  v.forEach((a, i) => {
    const ok = address(errs, `${field}.${i}`, a);
    if (ok !== undefined) out.push(ok);
  });
  return out;
}

function optInt(errs: FieldErrors, body: Obj, field: string, min: number): number | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) errs.add(field, `The ${field} field must be an integer.`);
  else if (v < min) errs.add(field, `The ${field} field must be at least ${min}.`);
  else return v;
  return null;
}

function stringMap(errs: FieldErrors, body: Obj, field: string, limits: { keys: number; key: number; value: number; bytes?: number }): Record<string, string> {
  const v = body[field];
  if (v === undefined || v === null) return {};
  if (!isObject(v)) {
    errs.add(field, `The ${field} field must be an object.`);
    return {};
  }
  const entries = Object.entries(v);
  if (entries.length > limits.keys) errs.add(field, `The ${field} field must not have more than ${limits.keys} entries.`);
  if (limits.bytes !== undefined && Buffer.byteLength(JSON.stringify(v)) > limits.bytes) {
    errs.add(field, `The ${field} field must not be larger than ${limits.bytes / 1024} KB.`);
  }
  const out: Record<string, string> = {};
  for (const [k, value] of entries) {
    const name = `${field}.${k}`;
    if (charCount(k) > limits.key) errs.add(name, `The key of ${name} must not be greater than ${limits.key} characters.`);
    if (typeof value !== 'string') errs.add(name, `The ${name} field must be a string.`);
    else if (charCount(value) > limits.value) errs.add(name, `The ${name} field must not be greater than ${limits.value} characters.`);
    else out[k] = value;
  }
  return out;
}

function attachmentsSize(errs: FieldErrors, body: Obj): number {
  const v = body.attachments;
  if (v === undefined || v === null) return 0;
  if (!Array.isArray(v)) {
    errs.add('attachments', 'The attachments field must be an array.');
    return 0;
  }
  let total = 0;
  v.forEach((a, i) => {
    const field = `attachments.${i}`;
    if (!isObject(a)) return errs.add(field, `The ${field} field must be an object.`);
    for (const key of ['name', 'type'] as const) {
      if (a[key] === undefined || a[key] === null || a[key] === '') errs.add(`${field}.${key}`, `The ${field}.${key} field is required.`);
      else optString(errs, { [`${field}.${key}`]: a[key] }, `${field}.${key}`, { max: 255 });
    }
    const data = a.data;
    if (typeof data !== 'string' || data === '') errs.add(`${field}.data`, `The ${field}.data field is required.`);
    else if (!BASE64.test(data)) errs.add(`${field}.data`, `The ${field}.data field must be base64 without line breaks.`);
    else total += data.length;
  });
  if (total > MAX_ATTACHMENTS_BYTES) errs.add('attachments', 'The attachments must not exceed 5 MB in total after base64 encoding.');
  return total;
}

function headersOf(errs: FieldErrors, body: Obj): void {
  const v = body.headers;
  if (v === undefined || v === null) return;
  if (!isObject(v)) return errs.add('headers', 'The headers field must be an object.');
  const entries = Object.entries(v);
  if (entries.length > 10) errs.add('headers', 'The headers field must not have more than 10 entries.');
  for (const [name, value] of entries) {
    const field = `headers.${name}`;
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) errs.add(field, `The ${name} header cannot be set.`);
    if (typeof value !== 'string') errs.add(field, `The ${field} field must be a string.`);
    else if (charCount(value) > 998) errs.add(field, `The ${field} field must not be greater than 998 characters.`);
  }
}

function optionsOf(errs: FieldErrors, body: Obj): SendBody['options'] {
  const v = body.options;
  if (v === undefined || v === null) return {};
  if (!isObject(v)) {
    errs.add('options', 'The options field must be an object.');
    return {};
  }
  const out: Record<string, boolean> = {};
  for (const k of OPTIONS) {
    if (v[k] === undefined || v[k] === null) continue;
    if (typeof v[k] !== 'boolean') errs.add(`options.${k}`, `The options.${k} field must be true or false.`);
    else out[k] = v[k];
  }
  return out;
}

/** The validated body; the caller adds its own fields' errors to `errs` and throws. */
export function readSendBody(errs: FieldErrors, body: Obj): SendBody {
  const from = body.from === undefined || body.from === null || body.from === '' ? (errs.add('from', 'The from field is required.'), '') : (address(errs, 'from', body.from) ?? '');
  const to = addresses(errs, body, 'to', true);
  const cc = addresses(errs, body, 'cc', false);
  const bcc = addresses(errs, body, 'bcc', false);
  if (!errs.has('to') && to.length + cc.length + bcc.length > MAX_RECIPIENTS) {
    errs.add('to', `An email can have at most ${MAX_RECIPIENTS} recipients across to, cc and bcc.`);
  }
  const reply = body.reply_to === undefined || body.reply_to === null ? null : (address(errs, 'reply_to', body.reply_to) ?? null);
  const s = (name: string, max: number) => optString(errs, body, name, { max, nullable: true }) ?? null;
  const fromName = s('from_name', 255);
  s('reply_to_name', 255);
  const subject = s('subject', 998);
  const html = s('html', Infinity);
  const text = s('text', Infinity);
  s('amp_html', Infinity);
  const slug = s('template_slug', 255);
  const tag = s('tag', 64);
  const templateVersion = optInt(errs, body, 'template_version', 1);
  // No minimum is stated for project_id here (4.3; section 10's ≥ 1 covers 4.16 to 4.21): an id
  // of no project of the team is the documented 404 template_not_found when a template is named.
  const projectId = optInt(errs, body, 'project_id', Number.NEGATIVE_INFINITY);
  if (!slug && (subject === null || subject === '') && !errs.has('subject')) {
    errs.add('subject', 'The subject field is required unless template_slug is present.');
  }
  if (!html && !text && !slug && !errs.has('html')) {
    errs.add('html', 'The html field is required when none of text / template_slug are present.');
  }
  const metadata = stringMap(errs, body, 'metadata', { keys: 50, key: 40, value: 500, bytes: 8192 });
  headersOf(errs, body);
  const subst = body.substitution_data;
  if (subst !== undefined && subst !== null && !isObject(subst)) errs.add('substitution_data', 'The substitution_data field must be an object.');
  const options = optionsOf(errs, body);
  const attached = attachmentsSize(errs, body);
  return {
    from, from_name: fromName, to, cc, bcc, reply_to: reply, subject, html, text, template_slug: slug,
    template_version: templateVersion, project_id: projectId, tag, metadata, options,
    size: Buffer.byteLength(html ?? '') + Buffer.byteLength(text ?? '') + attached,
  };
}

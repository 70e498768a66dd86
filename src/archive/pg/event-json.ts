import type { EmailEvent } from '../../api/emails.js';

// An archived event (the jsonb column `raw`) back in the API's shape. jsonb
// keeps no key order, and the API's is the spec 2.1 fields in the spec's order,
// the others after them in alphabetical order: both functions here restore it.
//
// An NDJSON export writes millions of lines, so eventLine builds each one from
// jsonb's own text (`raw::text`) without parsing it into an object: that text
// has one fixed layout (`{"key": value, "key": value}`), and its strings are
// escaped exactly as JSON.stringify escapes them (\" \\ \b \f \n \r \t, other
// control characters as \u00xx, everything else as it is), so a string value
// is copied as it stands. Numbers go through a JavaScript number, as a parse
// would (1.50 is 1.5). What the layout alone does not settle (a nested object
// or array, a key with an escape) goes the long way: parse, reorder, stringify.

/** The spec 2.1 fields, in the spec's order. */
const SPEC_ORDER = [
  'event_id', 'type', 'timestamp', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain', 'mailbox_provider',
  'mailbox_provider_region', 'subject', 'friendly_from', 'queue_time', 'bounce_class', 'error_code', 'reason',
];
const SPEC_SLOT = new Map(SPEC_ORDER.map((k, i) => [k, i]));
/** `"key":` of each spec field, ready to prepend to its value. */
const SPEC_PREFIX = SPEC_ORDER.map((k) => `"${k}":`);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE = 0x7d;

/** An event parsed from JSON, its spec fields first in the spec's order, the others after them in alphabetical order. */
export function inSpecOrder(e: Record<string, unknown>): EmailEvent {
  // No prototype: a field named like one of Object's (constructor, __proto__) stays a field.
  const out: Record<string, unknown> = Object.create(null);
  for (const k of SPEC_ORDER) if (Object.hasOwn(e, k)) out[k] = e[k];
  for (const k of Object.keys(e).sort()) if (!SPEC_SLOT.has(k)) out[k] = e[k];
  return out as EmailEvent;
}

/** Where the JSON string starting at `start` (its opening quote) ends: the index after its closing quote. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const q = text.indexOf('"', at);
    if (q < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
    at = q + 1;
  }
}

/** A number as JSON.stringify writes the value JSON.parse reads from it. */
function jsNumber(token: string): string {
  return /^-?(?:0|[1-9]\d{0,14})$/.test(token) ? token : JSON.stringify(JSON.parse(token) as number);
}

/** The fields of jsonb text (`{"k": v, …}`) as compact `"k":v` parts, spec fields in their slots; false for what needs a parse. */
function fieldsOf(text: string, slots: (string | undefined)[], extras: [string, string][]): boolean {
  let at = 1;
  if (text.length === 2) return true;
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) return false;
    const keyEnd = text.indexOf('"', at + 1);
    if (keyEnd < 0 || text.charCodeAt(keyEnd - 1) === BACKSLASH || text.charCodeAt(keyEnd + 1) !== 0x3a || text.charCodeAt(keyEnd + 2) !== 0x20) return false;
    const key = text.slice(at + 1, keyEnd);
    const from = keyEnd + 3;
    const first = text.charCodeAt(from);
    let to: number;
    let value: string;
    if (first === QUOTE) {
      to = stringEnd(text, from);
      if (to < 0) return false;
      value = text.slice(from, to);
    } else if (first === 0x7b || first === 0x5b) {
      return false;
    } else {
      to = from;
      for (let c = text.charCodeAt(to); c !== COMMA && c !== CLOSE; c = text.charCodeAt(to)) {
        if (Number.isNaN(c)) return false;
        to++;
      }
      value = text.slice(from, to);
      if (value !== 'true' && value !== 'false' && value !== 'null') value = jsNumber(value);
    }
    const slot = SPEC_SLOT.get(key);
    if (slot !== undefined) slots[slot] = SPEC_PREFIX[slot] + value;
    else if (key === '__proto__') return false;
    else extras.push([key, `"${key}":${value}`]);
    if (text.charCodeAt(to) === CLOSE) return to === text.length - 1;
    if (text.charCodeAt(to) !== COMMA || text.charCodeAt(to + 1) !== 0x20) return false;
    at = to + 2;
  }
}

const byKey = (a: [string, string], b: [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** Makes NDJSON lines of jsonb texts: each the compact JSON of the event in the API's key order. */
export function eventLines(): (text: string) => string {
  const slots: (string | undefined)[] = new Array(SPEC_ORDER.length);
  const extras: [string, string][] = [];
  return (text) => {
    slots.fill(undefined);
    extras.length = 0;
    if (text.charCodeAt(0) !== 0x7b || !fieldsOf(text, slots, extras)) {
      return JSON.stringify(inSpecOrder(JSON.parse(text) as Record<string, unknown>));
    }
    let line = '';
    for (const part of slots) if (part !== undefined) line = line === '' ? part : `${line},${part}`;
    if (extras.length > 0) {
      extras.sort(byKey);
      for (const [, part] of extras) line = line === '' ? part : `${line},${part}`;
    }
    return `{${line}}`;
  };
}

import { ValueError } from '../errors.js';

// Parsers for flag and argument values (`flag.string(…, { parse })`): each
// returns the value or throws ValueError with the rule in words a user can act
// on; the command's parser names the flag and quotes what was given.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function uuid(raw: string): string {
  const value = raw.trim();
  if (!UUID_RE.test(value)) throw new ValueError('must be a UUID such as 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f');
  return value;
}

/** An email address as the API checks it before sending: something@domain.tld, no spaces. */
function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

export function email(raw: string): string {
  const value = raw.trim();
  if (!isEmail(value)) throw new ValueError('must be an email address');
  return value;
}

/** A text's length as the spec's limits count it: characters (code points), not UTF-16 units. */
export const chars = (s: string): number => [...s].length;

/** Text of 1 to `max` characters. */
export function text(max: number, emptyHint = ''): (raw: string) => string {
  return (raw) => {
    if (raw.trim() === '') throw new ValueError(`must not be empty${emptyHint}`);
    const length = chars(raw);
    if (length > max) throw new ValueError(`must be at most ${max} characters (this one has ${length})`);
    return raw;
  };
}

/** Any text but an empty one, trimmed (cursors, names of files). */
export function nonEmpty(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must not be empty');
  return value;
}

/** An http or https URL of at most 2048 characters (webhook addresses, OAuth token URLs). */
export function httpUrl(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must not be empty');
  if (value.length > 2048) throw new ValueError('must be at most 2048 characters');
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new ValueError('must be an http or https URL such as https://hooks.example.com/mail');
  }
  return value;
}

/** Credentials are sent exactly as typed (no trimming), but a blank one is a mistake. */
export function credential(raw: string): string {
  if (raw.trim() === '') throw new ValueError('must not be empty');
  if (chars(raw) > 255) throw new ValueError('must be at most 255 characters');
  return raw;
}

/** A name of 1 to 255 characters, trimmed. */
export function name(raw: string): string {
  const value = raw.trim();
  if (value === '') throw new ValueError('must not be empty');
  if (chars(value) > 255) throw new ValueError('must be at most 255 characters');
  return value;
}

/** A whole number within bounds ("must be a whole number from 1 to 100", then "must be from 1 to 100"). */
export function integer(min: number, max: number): (raw: string) => number {
  return (raw) => {
    const text = raw.trim();
    if (!/^-?\d+$/.test(text)) throw new ValueError(`must be a whole number from ${min} to ${max}`);
    const n = Number(text);
    if (n < min || n > max) throw new ValueError(`must be from ${min} to ${max}`);
    return n;
  };
}

/** A local receiver's address (webhook listen --forward-to, webhook forward --to); `example` shows the form. */
export function receiverUrl(example: string): (raw: string) => string {
  return (raw) => {
    const value = raw.trim();
    if (!/^https?:\/\/[^/\s]+/.test(value) || !URL.canParse(value)) throw new ValueError(`must be an http or https URL such as ${example}`);
    return value;
  };
}

/** Transmission ids are short (16 digits from the service); anything this long is not one. */
const MAX_ID_LENGTH = 128;

export function transmissionId(raw: string): string {
  const id = raw.trim();
  if (id === '') throw new ValueError('must not be empty');
  if (id.length > MAX_ID_LENGTH) throw new ValueError(`must be a transmission id of at most ${MAX_ID_LENGTH} characters`);
  // Printable ASCII only: an id is part of the URL path, and unicode or control
  // characters in it are a mistake the API would answer with 404 or worse.
  if (!/^[\x21-\x7e]+$/.test(id)) throw new ValueError('must be a transmission id (the request_id of an event): letters, digits and punctuation, no spaces');
  if (!/^[^/?#]+$/.test(id)) throw new ValueError('must be a transmission id (the request_id of an event), without spaces or slashes');
  if (id === '.' || id === '..') throw new ValueError('must be a transmission id (the request_id of an event)');
  // GET /emails/events is the event listing, not an email.
  if (id === 'events') throw new ValueError('is not a transmission id: for the event listing run `mailctl events list`');
  return id;
}

/** A share from 0 to 1 (the emulator's --fault-rate). */
export function share(raw: string): number {
  if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(raw.trim())) throw new ValueError('must be a number from 0 to 1');
  return Number(raw);
}

/** A factor up to 1000 (the emulator's --webhook-retry-scale). */
export function scale(raw: string): number {
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(raw.trim())) throw new ValueError('must be a number such as 1, 0.01 or 0.001');
  const n = Number(raw);
  if (n > 1000) throw new ValueError('must be at most 1000');
  return n;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine reaches them. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((o) => Number(o) <= 255);
}

/** A file path, or - for stdin (id files, condition files). */
export function pathOrStdin(raw: string): string {
  if (raw.trim() === '') throw new ValueError('needs a file path, or - for stdin');
  return raw;
}

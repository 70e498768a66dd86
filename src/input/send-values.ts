import {
  SEND_ADDRESS_MAX, SEND_FORBIDDEN_HEADERS, SEND_HEADER_VALUE_MAX, SEND_MAX_HEADERS, SEND_MAX_RECIPIENTS, SEND_METADATA_KEY_MAX,
  SEND_METADATA_MAX_BYTES, SEND_METADATA_MAX_KEYS, SEND_METADATA_VALUE_MAX, SEND_TAG_MAX, SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS,
} from '../api/vocabulary.js';
import { UsageError, ValueError } from '../errors.js';
import { parseFutureTime } from './time.js';
import { chars, email } from './values.js';

// The value rules of `email send` (service-api-rest.md 4.3 and section 7), checked before
// anything is read or sent. Kept free of zod and undici: the command file imports it at load.

/** An address of at most 255 characters. */
export function address(raw: string): string {
  const value = email(raw);
  if (value.length > SEND_ADDRESS_MAX) throw new ValueError(`must be an address of at most ${SEND_ADDRESS_MAX} characters`);
  return value;
}

/** `Name: value`. */
export function header(raw: string): [string, string] {
  const colon = raw.indexOf(':');
  if (colon <= 0) throw new ValueError("must look like 'Name: value'");
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new ValueError('has a header name with spaces or characters a header name cannot hold');
  if (SEND_FORBIDDEN_HEADERS.includes(name.toLowerCase() as (typeof SEND_FORBIDDEN_HEADERS)[number])) {
    throw new ValueError(`cannot set ${name}: the service sets it (or refuses it); use the flag for it where one exists (--from, --to, --subject, --reply-to)`);
  }
  // A line break would start another header, past the names refused above.
  if (/[\r\n]/.test(value)) throw new ValueError('a header value cannot hold a line break');
  if (chars(value) > SEND_HEADER_VALUE_MAX) throw new ValueError(`a header value must be at most ${SEND_HEADER_VALUE_MAX} characters`);
  return [name, value];
}

/** `key=value`; the key is not empty. */
export function pair(raw: string): [string, string] {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new ValueError('must look like key=value');
  return [raw.slice(0, eq).trim(), raw.slice(eq + 1)];
}

export function tag(raw: string): string {
  const value = raw.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new ValueError('must be letters, digits, hyphens and underscores');
  if (chars(value) > SEND_TAG_MAX) throw new ValueError(`must be at most ${SEND_TAG_MAX} characters`);
  return value;
}

export function templateSlug(raw: string): string {
  const value = raw.trim();
  if (value === '' || chars(value) > 255 || /[\s/?#]/.test(value)) throw new ValueError('must be a template slug (1 to 255 characters, no spaces or slashes)');
  return value;
}

/** Recipients in all: to + cc + bcc (docs: 50), and no address given twice. */
export function checkRecipients(to: string[], cc: string[], bcc: string[]): void {
  const total = to.length + cc.length + bcc.length;
  if (total > SEND_MAX_RECIPIENTS) {
    throw new UsageError(`--to, --cc, --bcc: at most ${SEND_MAX_RECIPIENTS} recipients in all (got ${total})`, { hint: 'send to more people with a campaign, or in several sends' });
  }
  const seen = new Set<string>();
  for (const [flagName, list] of [['--to', to], ['--cc', cc], ['--bcc', bcc]] as const) {
    for (const a of list) {
      const key = a.toLowerCase();
      if (seen.has(key)) throw new UsageError(`${flagName}: ${a} is given more than once (to, cc and bcc together)`);
      seen.add(key);
    }
  }
}

export function headersOf(list: [string, string][]): Record<string, string> | undefined {
  if (list.length === 0) return undefined;
  if (list.length > SEND_MAX_HEADERS) throw new UsageError(`--header: at most ${SEND_MAX_HEADERS} headers (got ${list.length})`);
  const out: Record<string, string> = {};
  const names = new Set<string>();
  for (const [name, value] of list) {
    if (names.has(name.toLowerCase())) throw new UsageError(`--header: ${name} is given more than once`);
    names.add(name.toLowerCase());
    out[name] = value;
  }
  return out;
}

export function metadataOf(list: [string, string][]): Record<string, string> | undefined {
  if (list.length === 0) return undefined;
  if (list.length > SEND_METADATA_MAX_KEYS) throw new UsageError(`--metadata: at most ${SEND_METADATA_MAX_KEYS} keys (got ${list.length})`);
  const out: Record<string, string> = {};
  for (const [key, value] of list) {
    if (chars(key) > SEND_METADATA_KEY_MAX) throw new UsageError(`--metadata: key "${key.slice(0, 60)}" is longer than ${SEND_METADATA_KEY_MAX} characters`);
    if (chars(value) > SEND_METADATA_VALUE_MAX) throw new UsageError(`--metadata: the value of ${key} is longer than ${SEND_METADATA_VALUE_MAX} characters`);
    if (Object.hasOwn(out, key)) throw new UsageError(`--metadata: ${key} is given more than once`);
    out[key] = value;
  }
  const bytes = Buffer.byteLength(JSON.stringify(out));
  if (bytes > SEND_METADATA_MAX_BYTES) throw new UsageError(`--metadata: ${bytes} bytes in all, more than the ${SEND_METADATA_MAX_BYTES / 1024} KB allowed`);
  return out;
}

export function varsOf(list: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of list) {
    if (Object.hasOwn(out, key) && out[key] !== value) throw new UsageError(`--var: ${key} is given twice with different values`);
    out[key] = value;
  }
  return out;
}

/**
 * The service checks the 5 minutes of 4.5 when the request arrives, after the trip: a time that
 * leaves less than this over them is refused here, not there (a long wait for the rate limit can
 * still take more).
 */
const ARRIVAL_MARGIN_MS = 30_000;

/**
 * --at within the window of 4.5, checked against our clock, as the UTC date-time 4.5 asks for:
 * a time without an offset would not be a date-time at all (the server could read it in any
 * zone), and one with an offset names the same instant in UTC. The window is checked on the
 * whole second that is sent.
 */
export function scheduledAt(raw: string, now: number): string {
  const t = parseFutureTime(raw, '--at', now);
  const sent = Math.floor(t.ms / 1000) * 1000;
  const shown = new Date(sent).toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (sent < now + SCHEDULE_MIN_AHEAD_MS + ARRIVAL_MARGIN_MS) {
    throw new UsageError(`--at must be at least 5 minutes ahead when the service receives the request: give +6m or later (got "${raw}", ${shown})`);
  }
  if (sent > now + SCHEDULE_MAX_AHEAD_MS) throw new UsageError(`--at must be at most 3 days ahead (got "${raw}", ${shown})`);
  return shown;
}

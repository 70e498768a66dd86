import { CONTACT_ADDRESS_RE, DOMAIN_NAME_RE, NAME_MAX, PROPERTY_FALLBACK_MAX, VALUE_MAX } from '../api/vocabulary.js';
import { ValueError } from '../errors.js';
import { chars, email } from './values.js';

// Parsers for the values of the team's resources (contacts, properties, domains, templates;
// service-api-rest.md sections 2 and 4): each returns the value or throws ValueError with
// the rule in words, as values.ts does for the common ones.

const CONTACT_ADDRESS_RULE = 'must be an email address in plain ASCII, without quotes or two dots in a row, e.g. ada@example.com';

/** An email address of at most 255 characters (spec 4.32, 2.13). */
export function contactAddress(raw: string): string {
  const value = email(raw);
  if (value.length > NAME_MAX) throw new ValueError(`must be at most ${NAME_MAX} characters`);
  if (!CONTACT_ADDRESS_RE.test(value)) throw new ValueError(CONTACT_ADDRESS_RULE);
  return value;
}

export function redirectUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValueError('must be an absolute URL');
  }
  if (!/^https?:$/.test(url.protocol)) throw new ValueError('must be an http or https URL');
  if (raw.length > 2048) throw new ValueError('must be at most 2048 characters');
  return raw;
}

/** `--property plan=pro`: a property of the team and its value (at most 1000 characters; spec 4.32–4.34). */
export function propertyPair(raw: string): [string, string] {
  const at = raw.indexOf('=');
  if (at <= 0) throw new ValueError('must be name=value, e.g. plan=pro');
  const value = raw.slice(at + 1);
  if (chars(value) > VALUE_MAX) throw new ValueError(`value must be at most ${VALUE_MAX} characters`);
  return [raw.slice(0, at).trim(), value];
}

/** An empty value is allowed: an empty substitute differs from none (null), which is what --clear-fallback sends. */
export function fallbackValue(raw: string): string {
  const length = chars(raw);
  if (length > PROPERTY_FALLBACK_MAX) throw new ValueError(`must be at most ${PROPERTY_FALLBACK_MAX} characters (this one has ${length})`);
  return raw;
}

/** Spec 4.45: a lowercase letter, then lowercase letters, digits and underscores; at most 255. */
export function propertyName(raw: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(raw)) throw new ValueError('must start with a lowercase letter, then only lowercase letters, digits and underscores');
  if (raw.length > NAME_MAX) throw new ValueError(`must be at most ${NAME_MAX} characters (this one has ${raw.length})`);
  return raw;
}

/** A domain name, lowercase and without the final dot. */
export function domainName(raw: string): string {
  const v = raw.trim().replace(/\.$/, '').toLowerCase();
  if (!DOMAIN_NAME_RE.test(v)) throw new ValueError('must be a domain name such as mail.example.com');
  return v;
}

/** The SLUG argument of the template verbs. */
export function templateSlugArg(raw: string): string {
  const v = raw.trim();
  if (v === '') throw new ValueError('must not be empty');
  if (chars(v) > 255) throw new ValueError('must be at most 255 characters');
  if (/[\s/]/.test(v)) throw new ValueError('must not contain "/" or whitespace (see `mailctl template list`)');
  return v;
}

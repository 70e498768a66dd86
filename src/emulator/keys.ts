// API keys, their scopes and teams. Keys have the real service's form (service-notes, "Sandbox
// keys"): `lttr_<64 random chars>` for live keys and `lttr_sandbox_<64 random chars>` for sandbox
// keys, so every test exercises the form a client meets in production.
import { randomInt } from 'node:crypto';
import { forbidden, sandboxRefused, unauthorized } from './api-error.js';
import { randomChars, rngFor } from './prng.js';

export type Scope =
  | 'campaigns:read'
  | 'campaigns:write'
  | 'audience:read'
  | 'audience:write'
  | 'emails:read'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'emails:send'
  | 'domains:read'
  | 'domains:write'
  | 'templates:read'
  | 'templates:write'
  | 'projects:read';

const ALL_SCOPES: readonly Scope[] = [
  'campaigns:read',
  'campaigns:write',
  'audience:read',
  'audience:write',
  'emails:read',
  'webhooks:read',
  'webhooks:write',
  'emails:send',
  'domains:read',
  'domains:write',
  'templates:read',
  'templates:write',
  'projects:read',
];

const READ_SCOPES: readonly Scope[] = [
  'campaigns:read', 'audience:read', 'emails:read', 'webhooks:read', 'domains:read', 'templates:read', 'projects:read',
];

export type KeyKind = 'full' | 'read_only' | 'sandbox' | 'other_team' | 'free_tier';
export type TeamName = 'main' | 'other' | 'free';

export interface ApiKey {
  kind: KeyKind;
  key: string;
  team: TeamName;
  scopes: ReadonlySet<Scope>;
  sandbox: boolean;
  /** the address of the user who made the key: a sandbox key's sends all go there (spec 5.3) */
  owner: string;
}

const LIVE_PREFIX = 'lttr';
const SANDBOX_PREFIX = 'lttr_sandbox';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const OWNERS: Record<TeamName, string> = {
  main: 'developer@acme.example',
  other: 'developer@globex.example',
  free: 'developer@initech.example',
};

/** 64 characters: from the seed (the same keys every run), or from the OS's random source. */
function keyChars(seed: number, kind: KeyKind, random: boolean): string {
  if (!random) return randomChars(rngFor(seed, `key:${kind}`), 64, ALPHABET);
  let s = '';
  for (let i = 0; i < 64; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/**
 * The four keys. Seeded keys are the same on every run, which is what tests and scripts on this
 * machine want; an emulator reachable from the network (`--allow-remote`) gets random ones, or
 * anyone who has read the source (or any earlier banner) could use it.
 */
export function makeKeys(seed: number, random = false): ApiKey[] {
  const def = (kind: KeyKind, prefix: string, team: TeamName, scopes: readonly Scope[]): ApiKey => ({
    kind,
    key: `${prefix}_${keyChars(seed, kind, random)}`,
    team,
    scopes: new Set(scopes),
    sandbox: prefix === SANDBOX_PREFIX,
    owner: OWNERS[team],
  });
  return [
    def('full', LIVE_PREFIX, 'main', ALL_SCOPES),
    def('read_only', LIVE_PREFIX, 'main', READ_SCOPES),
    def('sandbox', SANDBOX_PREFIX, 'main', ALL_SCOPES),
    def('other_team', LIVE_PREFIX, 'other', ALL_SCOPES),
    def('free_tier', LIVE_PREFIX, 'free', ALL_SCOPES),
  ];
}

/**
 * The token of `Authorization: Bearer <token>`; undefined when no header or an empty one was sent.
 * Any other non-empty value is returned marked as not a Bearer token, so it fails as an invalid key
 * rather than a missing one: a valid key sent bare, without the scheme (spec 1.2), is no key.
 */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const m = /^\s*Bearer(?:\s+(\S*))?\s*$/i.exec(value);
  if (m) return m[1] ? m[1] : undefined;
  return value.trim() === '' ? undefined : `(not Bearer) ${value.trim()}`;
}

/** 401 with the two documented bodies (no error_code), else the key record. */
export function authenticate(keys: ReadonlyMap<string, ApiKey>, token: string | undefined): ApiKey {
  if (token === undefined) throw unauthorized('API key is required.');
  const key = keys.get(token);
  if (!key) throw unauthorized('Invalid API key.');
  return key;
}

export function authorize(key: ApiKey, scope: Scope | undefined, sandboxBlocked: boolean): void {
  if (scope !== undefined && !key.scopes.has(scope)) {
    throw forbidden('insufficient_scope', `This API key lacks the required scope: ${scope}.`);
  }
  if (sandboxBlocked && key.sandbox) {
    throw sandboxRefused();
  }
}

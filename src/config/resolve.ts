import { AuthError, UsageError } from '../errors.js';
import { parseDuration, parseIntInRange } from '../duration.js';
import { parseFormat, type Format } from '../format.js';
import { checkProfileName, DEFAULT_PROFILE, type ConfigData } from './data.js';
import type { Env } from '../io.js';

export type Source = 'flag' | 'env' | 'profile' | 'config' | 'keychain' | 'default';

export interface Setting<T> {
  value: T;
  source: Source;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
export const MAX_RETRIES = 10;

/** The global flags that feed settings, as commander hands them over. */
export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  output?: string;
  json?: boolean;
  ndjson?: boolean;
  csv?: boolean;
  timeout?: string;
  retries?: string;
}

export interface Settings {
  profile: Setting<string>;
  baseUrl: Setting<string | undefined>;
  apiKey: Setting<string | undefined>;
  output: Setting<Format>;
  timeoutMs: Setting<number>;
  retries: Setting<number>;
}

function pick<T>(...candidates: Array<[T | undefined, Source]>): Setting<T | undefined> {
  for (const [value, source] of candidates) {
    if (value !== undefined && value !== '') return { value, source };
  }
  return { value: undefined, source: 'default' };
}


/** Longest base URL accepted: the longest URL the API itself takes (spec 8). */
const MAX_BASE_URL_LENGTH = 2048;

/**
 * user:password@ would be printed in hints and `auth status`, and is not sent by the
 * transport anyway: refused, and the URL is not echoed (it holds a password).
 */
function credentialsInUrl(where: string, url: URL | undefined): UsageError {
  return new UsageError(`${where} has credentials in it (user:password@): put credentials in the key, not the URL`, {
    // Only for an http(s) URL whose userinfo the parser took apart: "user:secret@host" without a
    // scheme parses as scheme "user:" and path "secret@host", which the hint would repeat.
    hint:
      url && (url.protocol === 'http:' || url.protocol === 'https:') && (url.username !== '' || url.password !== '')
        ? `use ${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname} and keep the key in MAILCTL_API_KEY or \`mailctl auth login\``
        : 'keep the key in MAILCTL_API_KEY or `mailctl auth login`, and give the URL as https://host',
  });
}

export function validateBaseUrl(text: string, where: string): string {
  // Credentials first, on the text itself: every later message quotes the text, and must not quote a password.
  if (/^[a-z][a-z0-9+.-]*:\/*[^/?#]*@/i.test(text)) throw credentialsInUrl(where, URL.canParse(text) ? new URL(text) : undefined);
  // The URL parser silently drops tabs and line breaks, and the raw text is what
  // gets saved and printed: refuse them (and any other control character) instead.
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(text)) {
    throw new UsageError(`${where} must be a URL without spaces or control characters (got ${JSON.stringify(text)})`);
  }
  if (text.length > MAX_BASE_URL_LENGTH) {
    throw new UsageError(`${where} must be at most ${MAX_BASE_URL_LENGTH} characters (got ${text.length})`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${where} must be an http or https URL (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${where} must be an http or https URL (got "${text}")`);
  }
  if (url.username !== '' || url.password !== '') throw credentialsInUrl(where, url);
  return text.replace(/\/+$/, '');
}

/** The profile in use: flag > env > the config file's current profile > default. */
export function resolveProfile(flags: SettingFlags, env: Env, data: ConfigData): Setting<string> {
  const profileName = pick<string>(
    [flags.profile, 'flag'],
    [env.MAILCTL_PROFILE, 'env'],
    [data.current_profile, 'config'],
  );
  const profile: Setting<string> = { value: profileName.value ?? DEFAULT_PROFILE, source: profileName.source };
  if (flags.profile !== undefined || profileName.source !== 'default') {
    const whereName = flags.profile !== undefined ? '--profile' : profileName.source === 'env' ? 'MAILCTL_PROFILE' : 'current_profile in the config file';
    checkProfileName(flags.profile ?? profile.value, whereName);
  }
  return profile;
}

/** flag > env > profile > default, for every setting; each value says where it came from. */
export function resolveSettings(flags: SettingFlags, env: Env, data: ConfigData): Settings {
  const profile = resolveProfile(flags, env, data);
  const stored = (Object.hasOwn(data.profiles, profile.value) ? data.profiles[profile.value] : undefined) ?? {};

  const formatFlag = flags.json ? 'json' : flags.ndjson ? 'ndjson' : flags.csv ? 'csv' : flags.output;
  const shorts = (['json', 'ndjson', 'csv'] as const).filter((f) => flags[f]);
  if (shorts.length > 1) throw new UsageError(`${shorts.map((f) => `--${f}`).join(' and ')} cannot be used together`);
  const output = pick<string>([formatFlag, 'flag'], [stored.output, 'profile']);
  const timeout = pick<string>([flags.timeout, 'flag'], [stored.timeout, 'profile']);
  const retries = pick<string | number>([flags.retries, 'flag'], [stored.retries, 'profile']);
  const baseUrl = pick<string>([flags.baseUrl, 'flag'], [env.MAILCTL_BASE_URL, 'env'], [stored.base_url, 'profile']);
  const where = (s: Source, flag: string, key: string) =>
    s === 'flag' ? flag : s === 'env' ? `MAILCTL_${key.toUpperCase()}` : `${key} in profile "${profile.value}"`;

  return {
    profile,
    baseUrl: {
      value: baseUrl.value === undefined ? undefined : validateBaseUrl(baseUrl.value, where(baseUrl.source, '--base-url', 'base_url')),
      source: baseUrl.source,
    },
    apiKey: pick<string>([env.MAILCTL_API_KEY, 'env'], [stored.api_key, 'profile']),
    output: {
      value: output.value === undefined ? 'table' : parseFormat(output.value, where(output.source, '--output', 'output')),
      source: output.source,
    },
    timeoutMs: {
      value: timeout.value === undefined ? DEFAULT_TIMEOUT_MS : parseDuration(timeout.value, where(timeout.source, '--timeout', 'timeout')),
      source: timeout.source,
    },
    retries: {
      value: retries.value === undefined ? DEFAULT_RETRIES : parseIntInRange(retries.value, where(retries.source, '--retries', 'retries'), 0, MAX_RETRIES),
      source: retries.source,
    },
  };
}

/** A profile that must exist: a usage error listing the known ones (never a hint to create a mistyped name). */
export function requireProfile(data: ConfigData, name: string): void {
  const names = Object.keys(data.profiles);
  if (names.includes(name)) return;
  throw new UsageError(`no profile named "${name}"`, {
    hint: names.length ? `known profiles: ${names.join(', ')}` : 'create one with `mailctl auth login --profile NAME`',
  });
}

/**
 * A profile named by --profile or MAILCTL_PROFILE must exist before a request
 * is made: a typo would otherwise read as "no base URL for profile typo" and
 * steer the user into creating it. The default profile may be absent (env only).
 */
export function requireNamedProfile(settings: Pick<Settings, 'profile'>, data: ConfigData): void {
  if (settings.profile.source === 'flag' || settings.profile.source === 'env') requireProfile(data, settings.profile.value);
}

/** The base URL a command needs, or the usage error that says how to set it. */
export function requireBaseUrl(settings: Settings): string {
  if (settings.baseUrl.value) return settings.baseUrl.value;
  const p = settings.profile.value;
  const flag = p === DEFAULT_PROFILE ? '' : ` --profile ${p}`;
  throw new UsageError(`no base URL for profile "${p}"`, {
    hint: `run \`mailctl config set base_url https://api.example.com${flag}\`, or set MAILCTL_BASE_URL`,
  });
}

/** The API key a command needs, or the auth error that says how to set it. */
export function requireApiKey(settings: Settings): string {
  const p = settings.profile.value;
  const flag = p === DEFAULT_PROFILE ? '' : ` --profile ${p}`;
  // `export MAILCTL_API_KEY=$(cat key.txt)` keeps a Windows file's \r: ends are trimmed.
  const key = settings.apiKey.value?.trim();
  if (key) {
    // A header value cannot carry these: undici would refuse it as a "network" error after retries.
    if (!/^[\x21-\x7e]+$/.test(key)) {
      const where = settings.apiKey.source === 'env' ? 'in MAILCTL_API_KEY' : `of profile "${p}"`;
      throw new AuthError(`the API key ${where} has spaces, control or non-ASCII characters in it: it cannot be a key (nothing was sent)`, {
        hint: `copy the key again: run \`mailctl auth login${flag}\`, or set MAILCTL_API_KEY`,
      });
    }
    return key;
  }
  throw new AuthError(`no API key for profile "${p}"`, {
    hint: `run \`mailctl auth login${flag}\`, or set MAILCTL_API_KEY`,
  });
}

/**
 * The real service's sandbox keys are `lttr_sandbox_<64 chars>` (the mark is the second
 * segment; live keys are `lttr_<64 chars>`); older emulators issued `sandbox_<64 chars>`,
 * which is still recognised (service-notes, "Sandbox keys").
 */
export function isSandboxKey(key: string): boolean {
  return /^(?:lttr_)?sandbox[_-]/i.test(key);
}

/** "****abcd": enough to tell keys apart, never enough to use one. */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '****' : `****${secret.slice(-4)}`;
}

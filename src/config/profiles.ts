import { keychainName } from './keychain.js';
import { SETTABLE_KEYS, type ConfigData, type ProfileData, type SettableKey } from './data.js';
import { MAX_RETRIES, maskSecret, validateBaseUrl, type Settings } from './resolve.js';
import { parseDuration, parseIntInRange } from '../duration.js';
import { UsageError } from '../errors.js';
import { parseFormat } from '../format.js';

// What the profile commands (auth, config, profile) check and show of the profile store:
// a setting's name and value before it is saved, a pasted key, where the key in use lives,
// and one row per profile (keys masked).

export function parseKey(text: string): SettableKey {
  if (text === 'api_key') {
    throw new UsageError('the API key is not set with `config set` (it would stay in your shell history)', {
      hint: 'run `mailctl auth login`, which reads it from stdin or a hidden prompt',
    });
  }
  if ((SETTABLE_KEYS as readonly string[]).includes(text)) return text as SettableKey;
  throw new UsageError(`unknown setting "${text}"`, { hint: `settings: ${SETTABLE_KEYS.join(', ')}` });
}

/** Checks a value the same way the flag of that setting is checked, so a bad profile cannot be saved. */
export function parseValue(key: SettableKey, text: string): string | number {
  switch (key) {
    case 'base_url':
      return validateBaseUrl(text, 'base_url');
    case 'output':
      return parseFormat(text, 'output');
    case 'timeout':
      parseDuration(text, 'timeout');
      return text;
    case 'retries':
      return parseIntInRange(text, 'retries', 0, MAX_RETRIES);
  }
}

/** A key is one token: whitespace inside it means something else was pasted or piped. */
export function checkKey(raw: string): string {
  const key = raw.replace(/^\uFEFF/, '').trim();
  if (key === '') throw new UsageError('no API key given: pipe it on stdin or type it at the prompt');
  if (/\s/.test(key)) throw new UsageError('the API key must be a single line with no spaces');
  if (key.length > 512) throw new UsageError('the API key is longer than 512 characters: is this the right input?');
  return key;
}

/** Where the key in use lives: the environment, the OS store or the config file (null: nowhere). */
export function keyStorage(data: ConfigData, s: Settings): 'env' | 'keychain' | 'file' | null {
  if (s.apiKey.source === 'env') return 'env';
  const p = data.profiles[s.profile.value];
  if (p?.key_storage === 'keychain') return 'keychain';
  return p?.api_key ? 'file' : null;
}

export function storageText(storage: ReturnType<typeof keyStorage>): string | null {
  if (storage === 'env') return 'environment (MAILCTL_API_KEY)';
  if (storage === 'keychain') return `OS credential store (${keychainName()})`;
  if (storage === 'file') return 'config file (0600)';
  return null;
}

export interface ProfileRow {
  name: string;
  current: boolean;
  base_url: string | null;
  api_key: string | null;
  output: string | null;
  timeout: string | null;
  retries: number | null;
}

/** One row per profile, in the order of the file; `current` is the profile in use. */
export function profileRows(data: ConfigData, current: string): ProfileRow[] {
  return Object.entries(data.profiles).map(([name, p]) => toRow(name, p, current));
}

function toRow(name: string, p: ProfileData, current: string): ProfileRow {
  return {
    name,
    current: name === current,
    base_url: p.base_url ?? null,
    api_key: p.api_key ? maskSecret(p.api_key) : p.key_storage === 'keychain' ? '(in the OS credential store)' : null,
    output: p.output ?? null,
    timeout: p.timeout ?? null,
    retries: p.retries ?? null,
  };
}

import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { CliError, ExitCode, systemFailure, UsageError } from '../errors.js';

/** What one profile holds. Keys are the names users type in `config get/set`. */
export interface ProfileData {
  base_url?: string;
  api_key?: string;
  /** Where `auth login` put the key: in this file (api_key) or the OS credential store (config/keychain.ts). */
  key_storage?: 'file' | 'keychain';
  output?: string;
  timeout?: string;
  retries?: number;
}

export interface ConfigData {
  current_profile?: string;
  profiles: Record<string, ProfileData>;
}

export const DEFAULT_PROFILE = 'default';

/** World-writable (o+w): anyone on the machine could replace the file that holds the key. */
export function worldWritable(path: string): boolean {
  try {
    // no entry is the usual answer (no config file yet): undefined, not an exception built and thrown
    return ((statSync(path, { throwIfNoEntry: false })?.mode ?? 0) & 0o002) !== 0;
  } catch {
    return false;
  }
}

/**
 * What every run that reads the config says about where it lives: a config file or directory
 * any user can write lets them swap the key or the base URL (a MAILCTL_CONFIG_DIR of /tmp).
 */
export function configPlaceWarnings(file: string): string[] {
  const dir = dirname(file);
  const warnings: string[] = [];
  if (worldWritable(dir)) warnings.push(`the config directory ${dir} is writable by every user of this machine`);
  if (worldWritable(file)) warnings.push(`the config file ${file} is writable by every user of this machine`);
  return warnings;
}

const MAX_PROFILE_NAME_LENGTH = 64;
const PLAIN_PROFILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A profile name is a key of the config file's `profiles` object, a folder of the data directory
 * and is printed in messages and hints: only plain names (ASCII letters, digits, `-`, `_`, and
 * `.` not first) are taken; the names of Object.prototype's members (`__proto__`,
 * `constructor`, ...) would be lost on save, so they are refused too.
 */
export function checkProfileName(name: string, where: string): string {
  if (name === '') throw new UsageError(`${where}: a profile name must not be empty`);
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name)) {
    throw new UsageError(`${where}: a profile name must not contain control or bidi characters`);
  }
  if (name.length > MAX_PROFILE_NAME_LENGTH) throw new UsageError(`${where}: a profile name must be at most ${MAX_PROFILE_NAME_LENGTH} characters`);
  if (name in Object.prototype) throw new UsageError(`${where}: "${name}" is reserved and cannot name a profile`);
  // The name is also a path segment: the archive lives in <data dir>/<profile>/, so "../x",
  // "a/b" or ".hidden" would put it outside the data directory or hide it.
  if (!PLAIN_PROFILE_NAME.test(name)) {
    throw new UsageError(`${where}: "${name}" is not a plain profile name: use letters, digits, "-", "_" and "." (not first)`);
  }
  return name;
}

/** Keys `config get/set/list` accept; the key itself only through `auth login`. */
export const SETTABLE_KEYS = ['base_url', 'output', 'timeout', 'retries'] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

/**
 * Reads the config file without loading conf: every command needs the settings,
 * and conf (with its schema validator) costs more start-up time than the
 * request itself. Writes go through conf (store.ts).
 */
export function readConfigData(file: string): ConfigData {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw systemFailure(error) ?? new CliError(`cannot read config file ${file}: ${(error as Error).message}`, ExitCode.Failure);
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigData>;
    const profiles = parsed.profiles && typeof parsed.profiles === 'object' ? parsed.profiles : {};
    return { current_profile: parsed.current_profile, profiles };
  } catch {
    throw new CliError(`config file ${file} is not valid JSON`, ExitCode.Failure, {
      hint: 'fix or remove the file, then run `mailctl auth login` again',
    });
  }
}

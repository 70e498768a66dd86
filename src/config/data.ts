import { readFileSync } from 'node:fs';
import { CliError, ExitCode } from '../errors.js';

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
    throw new CliError(`cannot read config file ${file}: ${(error as Error).message}`, ExitCode.Failure);
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

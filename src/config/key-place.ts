import { CliError, ExitCode } from '../errors.js';
import type { Env } from '../io.js';
import { keychainName, keychainUnavailable, type KeyStorage } from './keychain.js';
import { ConfigStore } from './store.js';

// Where `auth login` puts a key and how `auth logout` takes it away. The config
// file records the choice (key_storage) so that reading a key never has to probe
// the OS store; the key itself is in exactly one of the two places.

/** What saving or forgetting a key needs of the run (a Context has it): where the config is, Ctrl-C, and stderr. */
export interface KeyRun {
  io: { env: Env };
  signal?: AbortSignal;
  warn(message: string): void;
  notice(message: string): void;
}

interface Saved {
  where: string;
  storage: KeyStorage;
  baseUrl?: string;
}

export async function saveKey(run: KeyRun, profile: string, key: string, asked: KeyStorage | undefined, baseUrl: string | undefined): Promise<Saved> {
  let storage: KeyStorage = asked ?? 'file';
  if (asked !== 'file') {
    const unavailable = keychainUnavailable(run.io.env);
    if (unavailable && asked === 'keychain') {
      throw new CliError(`--storage keychain: the ${keychainName()} cannot be used here: ${unavailable}`, ExitCode.Failure, {
        hint: 'use --storage file (the 0600 config file), or set MAILCTL_API_KEY',
      });
    }
    if (!unavailable) {
      const keychain = await import('./keychain.js');
      try {
        await keychain.storeKey(profile, key, run.io.env, run.signal);
        storage = 'keychain';
      } catch (error) {
        if (asked === 'keychain') throw error;
        run.warn(`${(error as Error).message}; saving the key in the config file instead`);
      }
    }
  }
  // Opened only now: a refused --storage keychain leaves no config file behind.
  const store = new ConfigStore(run.io.env);
  if (storage === 'file') store.refuseKeyInUnsafePlace();
  const before = store.profile(profile);
  store.updateProfile(profile, ({ api_key: _old, key_storage: _was, ...p }) => ({
    ...p,
    ...(storage === 'file' ? { api_key: key } : {}),
    key_storage: storage,
    ...(baseUrl ? { base_url: baseUrl } : {}),
  }), { select: true });
  const unavailable = asked === undefined ? keychainUnavailable(run.io.env) : undefined;
  if (unavailable) run.notice(`The ${keychainName()} is not available (${unavailable}): the key goes to the 0600 config file.`);
  // A key moved from the OS store to the file must not linger in the store.
  if (storage === 'file' && before?.key_storage === 'keychain') await removeFromKeychain(run, profile);
  return {
    storage,
    where: storage === 'keychain' ? `the ${keychainName()} (recorded in ${store.path})` : store.path,
    baseUrl: store.profile(profile)?.base_url,
  };
}

/** Best effort: true when a key was removed from the OS store. */
async function removeFromKeychain(run: KeyRun, profile: string): Promise<boolean> {
  if (keychainUnavailable(run.io.env)) return false;
  const keychain = await import('./keychain.js');
  try {
    return await keychain.removeKey(profile, run.io.env, run.signal);
  } catch (error) {
    run.warn((error as Error).message);
    return false;
  }
}

/** Removes the profile's key from the config file and from the OS store; says where it was. */
export async function forgetKey(run: KeyRun, profile: string, removeProfile = false): Promise<string[]> {
  const store = new ConfigStore(run.io.env);
  const p = store.profile(profile);
  // The config says the key is in the OS store: a store that cannot be reached keeps it there, so
  // forgetting where it is would leave it behind unnamed while saying it is gone.
  const unreachable = p?.key_storage === 'keychain' ? keychainUnavailable(run.io.env) : undefined;
  if (unreachable) {
    throw new CliError(`the API key of profile "${profile}" is kept in the ${keychainName()}, which cannot be reached (${unreachable}): nothing was removed`, ExitCode.Failure, {
      hint: `run it again where the ${keychainName()} can be reached (a desktop session), or remove the entry (service mailctl, account ${profile}) with the store's own tool`,
    });
  }
  const removed: string[] = [];
  // A store that is there but fails (a locked keyring, no answer): the key stays where the
  // config says it is, and the failure is the command's (exit 1), before the config changes.
  let inKeychain = false;
  if (p?.key_storage === 'keychain') {
    try {
      inKeychain = await (await import('./keychain.js')).removeKey(profile, run.io.env, run.signal);
    } catch (error) {
      if (run.signal?.aborted) throw error;
      throw new CliError(`${(error as Error).message}: the API key of profile "${profile}" is kept there, and nothing was removed`, ExitCode.Failure, {
        hint: `unlock the ${keychainName()} and run it again, or remove the entry (service mailctl, account ${profile}) with the store's own tool`,
      });
    }
  }
  if (p?.api_key) removed.push('the config file');
  if (removeProfile) store.removeProfile(profile);
  else if (p && (p.api_key || p.key_storage)) store.updateProfile(profile, ({ api_key: _k, key_storage: _s, ...rest }) => rest);
  // Whatever the config says: an entry left by an older login or another config dir goes too.
  if (inKeychain || (p?.key_storage !== 'keychain' && (await removeFromKeychain(run, profile)))) removed.push(`the ${keychainName()}`);
  return removed;
}

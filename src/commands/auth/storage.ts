import { keychainName, keychainUnavailable, type KeyStorage } from '../../config/keychain.js';
import { ConfigStore } from '../../config/store.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';

// Where `auth login` puts a key and how `auth logout` takes it away. The config
// file records the choice (key_storage) so that reading a key never has to probe
// the OS store; the key itself is in exactly one of the two places.

interface Saved {
  where: string;
  storage: KeyStorage;
  baseUrl?: string;
}

export async function saveKey(ctx: Context, profile: string, key: string, asked: KeyStorage | undefined, baseUrl: string | undefined): Promise<Saved> {
  let storage: KeyStorage = asked ?? 'file';
  if (asked !== 'file') {
    const unavailable = keychainUnavailable(ctx.io.env);
    if (unavailable && asked === 'keychain') {
      throw new CliError(`--storage keychain: the ${keychainName()} cannot be used here: ${unavailable}`, ExitCode.Failure, {
        hint: 'use --storage file (the 0600 config file), or set MAILCTL_API_KEY',
      });
    }
    if (!unavailable) {
      const keychain = await import('../../config/keychain.js');
      try {
        await keychain.storeKey(profile, key, ctx.io.env, ctx.signal);
        storage = 'keychain';
      } catch (error) {
        if (asked === 'keychain') throw error;
        ctx.warn(`${(error as Error).message}; saving the key in the config file instead`);
      }
    }
  }
  // Opened only now: a refused --storage keychain leaves no config file behind.
  const store = new ConfigStore(ctx.io.env);
  if (storage === 'file') store.refuseKeyInUnsafePlace();
  const before = store.profile(profile);
  store.updateProfile(profile, ({ api_key: _old, key_storage: _was, ...p }) => ({
    ...p,
    ...(storage === 'file' ? { api_key: key } : {}),
    key_storage: storage,
    ...(baseUrl ? { base_url: baseUrl } : {}),
  }));
  if (!ctx.configData().current_profile) store.setCurrentProfile(profile);
  const unavailable = asked === undefined ? keychainUnavailable(ctx.io.env) : undefined;
  if (unavailable) ctx.notice(`The ${keychainName()} is not available (${unavailable}): the key goes to the 0600 config file.`);
  // A key moved from the OS store to the file must not linger in the store.
  if (storage === 'file' && before?.key_storage === 'keychain') await removeFromKeychain(ctx, profile);
  return {
    storage,
    where: storage === 'keychain' ? `the ${keychainName()} (recorded in ${store.path})` : store.path,
    baseUrl: store.profile(profile)?.base_url,
  };
}

/** Best effort: true when a key was removed from the OS store. */
async function removeFromKeychain(ctx: Context, profile: string): Promise<boolean> {
  if (keychainUnavailable(ctx.io.env)) return false;
  const keychain = await import('../../config/keychain.js');
  try {
    return await keychain.removeKey(profile, ctx.io.env, ctx.signal);
  } catch (error) {
    ctx.warn((error as Error).message);
    return false;
  }
}

/** Removes the profile's key from the config file and from the OS store; says where it was. */
export async function forgetKey(ctx: Context, profile: string, removeProfile = false): Promise<string[]> {
  const store = new ConfigStore(ctx.io.env);
  const p = store.profile(profile);
  const removed: string[] = [];
  if (p?.api_key) removed.push('the config file');
  if (removeProfile) store.removeProfile(profile);
  else if (p && (p.api_key || p.key_storage)) store.updateProfile(profile, ({ api_key: _k, key_storage: _s, ...rest }) => rest);
  // Whatever the config says: an entry left by an older login or another config dir goes too.
  if (await removeFromKeychain(ctx, profile)) removed.push(`the ${keychainName()}`);
  return removed;
}

import { AuthError, CliError, ExitCode } from '../errors.js';
import type { ConfigData } from './data.js';
import type { Env } from '../io.js';
import type { Setting, Settings } from './resolve.js';

// The OS credential store (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux) through @napi-rs/keyring, whose prebuilt binaries come
// as npm optional dependencies. It is loaded only here, when a key is read,
// written or removed: --help and commands with MAILCTL_API_KEY never load it.
// One entry per profile: service "mailctl", account = the profile's name.

export type KeyStorage = 'file' | 'keychain';

const SERVICE = 'mailctl';
/** A locked keyring can wait for a prompt nobody answers (a CI runner, ssh): give up instead. */
const KEYCHAIN_TIMEOUT_MS = 10_000;

/** The name of this platform's store, for messages. */
export function keychainName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'macOS Keychain' : platform === 'win32' ? 'Windows Credential Manager' : 'Secret Service';
}

/** Why the store cannot be used without trying it, or undefined when it is worth a try. */
export function keychainUnavailable(env: Env, platform: NodeJS.Platform = process.platform): string | undefined {
  if (env.MAILCTL_NO_KEYCHAIN === '1') return 'MAILCTL_NO_KEYCHAIN=1 is set';
  // Linux reaches the Secret Service over the D-Bus session bus: without one (CI, ssh, containers) there is none.
  if (platform !== 'darwin' && platform !== 'win32' && !env.DBUS_SESSION_BUS_ADDRESS) return 'no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)';
  return undefined;
}

async function entry(profile: string) {
  let mod: typeof import('@napi-rs/keyring');
  try {
    // In the CommonJS bundle (dist/app.js, run from the V8 code cache) a dynamic
    // import() of a package has no loader: require it there; import() from source.
    mod = typeof require === 'function' ? (require('@napi-rs/keyring') as typeof import('@napi-rs/keyring')) : await import('@napi-rs/keyring');
  } catch (error) {
    throw new KeychainError(`the credential store library cannot load on this machine: ${(error as Error).message.split('\n')[0]}`);
  }
  return new mod.AsyncEntry(SERVICE, profile);
}

/** A failure of the OS store itself (locked, absent, refused). */
export class KeychainError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.Failure, {
      hint: 'use `mailctl auth login --storage file` to keep the key in the 0600 config file, or set MAILCTL_API_KEY',
    });
    this.name = 'KeychainError';
  }
}

async function call<T>(what: string, op: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The signal cancels a call still queued; one already blocked in D-Bus is raced instead
  // (main.ts ends the process when the command ends, so the blocked call cannot hold it).
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new KeychainError(`cannot ${what} the ${keychainName()}: no answer within ${KEYCHAIN_TIMEOUT_MS / 1000}s (is the keyring locked?)`));
    }, KEYCHAIN_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([op(controller.signal), timeout]);
  } catch (error) {
    if (error instanceof KeychainError) throw error;
    throw new KeychainError(`cannot ${what} the ${keychainName()}: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

export async function storeKey(profile: string, key: string): Promise<void> {
  const e = await entry(profile);
  await call('write to', (signal) => e.setPassword(key, signal));
}

export async function readKey(profile: string): Promise<string | undefined> {
  const e = await entry(profile);
  return (await call('read from', (signal) => e.getPassword(signal))) ?? undefined;
}

/** True when there was a key to remove. */
export async function removeKey(profile: string): Promise<boolean> {
  const e = await entry(profile);
  return call('remove from', (signal) => e.deletePassword(signal));
}

/**
 * The settings with the profile's key filled in from the OS store when the
 * config says it lives there. MAILCTL_API_KEY still wins and leaves the store untouched.
 */
export async function withStoredKey(settings: Settings, data: ConfigData, env: Env): Promise<Settings> {
  if (settings.apiKey.value !== undefined) return settings;
  const profile = settings.profile.value;
  if (data.profiles[profile]?.key_storage !== 'keychain') return settings;
  let key: string | undefined;
  try {
    const unavailable = keychainUnavailable(env);
    if (unavailable) throw new KeychainError(`cannot read from the ${keychainName()}: ${unavailable}`);
    key = await readKey(profile);
  } catch (error) {
    throw new AuthError(`${(error as Error).message} (the API key of profile "${profile}" is kept there)`, {
      hint: `unlock the keyring, or run \`mailctl auth login --storage file${profile === 'default' ? '' : ` --profile ${profile}`}\`, or set MAILCTL_API_KEY`,
    });
  }
  const apiKey: Setting<string | undefined> = key ? { value: key, source: 'keychain' } : { value: undefined, source: 'default' };
  return { ...settings, apiKey };
}

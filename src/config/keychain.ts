import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AuthError, CliError, ExitCode } from '../errors.js';
import type { ConfigData } from './data.js';
import type { Env } from '../io.js';
import type { Setting, Settings } from './resolve.js';

// The OS credential store (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux) through @napi-rs/keyring, whose prebuilt binaries come
// as npm optional dependencies. It is loaded only in a child process (CHILD below),
// when a key is read, written or removed: --help and commands with MAILCTL_API_KEY
// never start one.
// One entry per profile: service "mailctl", account = the profile's name.

export type KeyStorage = 'file' | 'keychain';

const SERVICE = 'mailctl';
/**
 * A keyring behind a D-Bus that never answers, or locked behind a prompt nobody answers (a CI
 * runner, ssh), would wait for ever: each call is given this long, then refused with the
 * --storage file hint.
 */
export const KEYCHAIN_TIMEOUT_MS = 5_000;

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

/** A failure of the OS store itself (locked, absent, refused, not answering). */
export class KeychainError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.Failure, {
      hint: 'use `mailctl auth login --storage file` to keep the key in the 0600 config file, or set MAILCTL_API_KEY',
    });
    this.name = 'KeychainError';
  }
}

/** Where @napi-rs/keyring is, for the child to load (its native binding comes as an npm optional dependency). */
function keyringModulePath(): string {
  try {
    // The CommonJS bundle (dist/app.js) has a real require; the source (tests) resolves from the running script.
    if (typeof require === 'function') return require.resolve('@napi-rs/keyring');
    return createRequire(process.argv[1] || join(process.cwd(), 'index.js')).resolve('@napi-rs/keyring');
  } catch (error) {
    throw new KeychainError(`the credential store library cannot load on this machine: ${(error as Error).message.split('\n')[0]}`);
  }
}

/**
 * Runs in a child Node process: one call of the store, the secret (when writing) on stdin,
 * the answer as one JSON object on stdout. The library's "async" calls still open the D-Bus
 * connection on the calling thread, and a bus that never answers then blocks the event loop:
 * no timer, no SIGINT or SIGTERM handler runs, and even process.exit waits for the blocked
 * call. A child can always be killed.
 */
const CHILD = `
const [modulePath, op, service, account] = process.argv.slice(1);
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', async () => {
  let answer;
  try {
    const entry = new (require(modulePath).AsyncEntry)(service, account);
    const value = op === 'set' ? await entry.setPassword(input) : op === 'get' ? await entry.getPassword() : await entry.deletePassword();
    answer = { value: value === undefined ? null : value };
  } catch (error) {
    answer = { error: String((error && error.message) || error).split('\\n')[0] };
  }
  process.stdout.write(JSON.stringify(answer));
});
`;

type Op = 'set' | 'get' | 'delete';
const WHAT: Record<Op, string> = { set: 'write to', get: 'read from', delete: 'remove from' };

/**
 * One call of the store in a child process, ended (SIGKILL) after KEYCHAIN_TIMEOUT_MS or as
 * soon as `signal` aborts (Ctrl-C, SIGTERM: the run then ends with the signal's reason).
 */
async function call(op: Op, profile: string, env: Env, signal: AbortSignal | undefined, input = '', service = SERVICE): Promise<unknown> {
  const what = WHAT[op];
  const modulePath = keyringModulePath();
  // loaded by the commands that reach the store, not by `auth status` or --help
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let settled = false;
    let stdout = '';
    const childEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
    const child = spawn(process.execPath, ['-e', CHILD, modulePath, op, service, profile], { env: childEnv, stdio: ['pipe', 'pipe', 'ignore'] });
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      done();
    };
    const timer = setTimeout(() => {
      const why = `no answer within ${KEYCHAIN_TIMEOUT_MS / 1000} s (is the keyring locked, or its D-Bus not answering?)`;
      settle(() => reject(new KeychainError(`cannot ${what} the ${keychainName()}: ${why}`)));
    }, KEYCHAIN_TIMEOUT_MS);
    const onAbort = () => settle(() => reject(signal!.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => settle(() => reject(new KeychainError(`cannot ${what} the ${keychainName()}: ${error.message}`))));
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('close', (code, killedBy) => {
      settle(() => {
        let answer: { value?: unknown; error?: string } | undefined;
        try {
          answer = JSON.parse(stdout) as { value?: unknown; error?: string };
        } catch {
          answer = undefined;
        }
        if (answer && answer.error === undefined) return resolve(answer.value);
        const why = answer?.error ?? `its helper process ended without an answer (${killedBy ?? `exit ${code}`})`;
        reject(new KeychainError(`cannot ${what} the ${keychainName()}: ${why}`));
      });
    });
    child.stdin!.on('error', () => undefined); // a child that died early: its close says why
    child.stdin!.end(input);
  });
}

export async function storeKey(profile: string, key: string, env: Env = process.env, signal?: AbortSignal): Promise<void> {
  await call('set', profile, env, signal, key);
}

export async function readKey(profile: string, env: Env = process.env, signal?: AbortSignal): Promise<string | undefined> {
  const value = await call('get', profile, env, signal);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A PostgreSQL archive's password (docs/archive.md): service "mailctl-postgres",
 * account user@host:port/dbname, as `secret-tool store` or `security
 * add-generic-password` put it there. Undefined when the store has none or
 * cannot be used (then the server's refusal says what is missing).
 */
export async function readDbPassword(account: string, env: Env, signal?: AbortSignal): Promise<string | undefined> {
  if (keychainUnavailable(env)) return undefined;
  try {
    const value = await call('get', account, env, signal, '', 'mailctl-postgres');
    return typeof value === 'string' && value !== '' ? value : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

/** True when there was a key to remove. */
export async function removeKey(profile: string, env: Env = process.env, signal?: AbortSignal): Promise<boolean> {
  return (await call('delete', profile, env, signal)) === true;
}

/**
 * The settings with the profile's key filled in from the OS store when the
 * config says it lives there. MAILCTL_API_KEY still wins and leaves the store untouched.
 */
export async function withStoredKey(settings: Settings, data: ConfigData, env: Env, signal?: AbortSignal): Promise<Settings> {
  if (settings.apiKey.value !== undefined) return settings;
  const profile = settings.profile.value;
  if (data.profiles[profile]?.key_storage !== 'keychain') return settings;
  let key: string | undefined;
  try {
    const unavailable = keychainUnavailable(env);
    if (unavailable) throw new KeychainError(`cannot read from the ${keychainName()}: ${unavailable}`);
    key = await readKey(profile, env, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AuthError(`${(error as Error).message} (the API key of profile "${profile}" is kept there)`, {
      hint: `unlock the keyring, or run \`mailctl auth login --storage file${profile === 'default' ? '' : ` --profile ${profile}`}\`, or set MAILCTL_API_KEY`,
    });
  }
  const apiKey: Setting<string | undefined> = key ? { value: key, source: 'keychain' } : { value: undefined, source: 'default' };
  return { ...settings, apiKey };
}

import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { configFile } from '../../config/paths.js';
import type { ConfigData } from '../../config/data.js';
import { isSandboxKey, requireApiKey, requireNamedProfile, type Settings } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { CliError } from '../../errors.js';
import { fail, pass, loginCommand, warn, type Check } from './check.js';

// The checks that need no network: the config file's modes, the profile and
// where each setting came from, and the key (present, kind, where it lives).

function mode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

const octal = (m: number) => `0${m.toString(8)}`;

export function configCheck(ctx: Context): Check {
  const file = configFile(ctx.io.env);
  const dir = dirname(file);
  const fileMode = mode(file);
  if (fileMode === undefined) return pass('config', `no config file at ${file} (settings come from flags and the environment)`);
  try {
    ctx.configData();
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    return fail('config', error.message, error.hint ?? `fix or remove ${file}`);
  }
  const dirMode = mode(dir)!;
  // Windows has no Unix modes to speak of.
  if (process.platform === 'win32') return pass('config', `${file}`);
  if (fileMode & 0o077) return warn('config', `${file} is ${octal(fileMode)}: other users can read it`, `chmod 600 ${file}`);
  if (dirMode & 0o077) return warn('config', `${dir} is ${octal(dirMode)}: other users can list it`, `chmod 700 ${dir}`);
  return pass('config', `${file} is ${octal(fileMode)} in a ${octal(dirMode)} directory`);
}

export function profileCheck(s: Settings, data: ConfigData): Check {
  const from = (source: string) => (source === 'default' ? 'default' : source === 'config' ? 'current profile' : source);
  try {
    // a mistyped --profile or MAILCTL_PROFILE: every other command refuses it, so doctor must not pass it
    requireNamedProfile(s, data);
  } catch (error) {
    return fail('profile', `${(error as CliError).message} (${from(s.profile.source)})`, (error as CliError).hint ?? 'mailctl profile list');
  }
  const parts = [
    `profile "${s.profile.value}" (${from(s.profile.source)})`,
    `base_url from ${from(s.baseUrl.source)}`,
    `output ${s.output.value} (${from(s.output.source)})`,
    `timeout ${s.timeoutMs.value / 1000}s (${from(s.timeoutMs.source)})`,
    `retries ${s.retries.value} (${from(s.retries.source)})`,
  ];
  return pass('profile', parts.join('; '));
}

/** The key in use, read from the OS store when the profile keeps it there. */
export async function keyCheck(ctx: Context, settings: Settings): Promise<{ check: Check; settings: Settings }> {
  const p = settings.profile.value;
  let s = settings;
  if (s.apiKey.value === undefined && ctx.configData().profiles[p]?.key_storage === 'keychain') {
    try {
      s = await (await import('../../config/keychain.js')).withStoredKey(s, ctx.configData(), ctx.io.env, ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      return { settings: s, check: fail('key', (error as Error).message, `unlock the keyring, or run \`${loginCommand(p, ['--storage', 'file'])}\``) };
    }
  }
  if (!s.apiKey.value?.trim()) return { settings: s, check: fail('key', `no API key for profile "${p}"`, `${loginCommand(p)}  (or export MAILCTL_API_KEY=...)`) };
  let key: string;
  try {
    key = requireApiKey(s);
  } catch (error) {
    return { settings: s, check: fail('key', (error as Error).message, `${loginCommand(p)}  (or export MAILCTL_API_KEY=...)`) };
  }
  const where = s.apiKey.source === 'env' ? 'MAILCTL_API_KEY' : s.apiKey.source === 'keychain' ? 'the OS credential store' : 'the config file';
  if (isSandboxKey(key)) {
    return {
      settings: s,
      check: warn(
        'key',
        `sandbox key from ${where}: schedule, unschedule and audience writes are refused; about 10 requests a minute and 100 a day`,
        `use a live key for writes: ${loginCommand(p)}`,
      ),
    };
  }
  return { settings: s, check: pass('key', `live key from ${where}`) };
}

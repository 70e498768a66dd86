import { keyStorage, storageText } from '../../config/profiles.js';
import { isSandboxKey, maskSecret, type Setting } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { AuthError, ExitCode } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { commandLine } from '../../output/command-line.js';
import { command } from '../define.js';

const describe = <T>(s: Setting<T>) => ({ value: s.value ?? null, source: s.value === undefined ? 'unset' : s.source });

/** Shows what a command would use, and where each value came from; never the key itself. */
async function run(ctx: Context): Promise<void> {
  const out = ctx.output();
  let s = ctx.namedProfileSettings();
  const storage = keyStorage(ctx.configData(), s);
  let unreadable: string | undefined;
  if (s.apiKey.value === undefined && storage === 'keychain') {
    try {
      s = await (await import('../../config/keychain.js')).withStoredKey(s, ctx.configData(), ctx.io.env, ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      unreadable = (error as Error).message;
    }
  }
  const key = s.apiKey.value;
  const status = {
    profile: describe(s.profile),
    base_url: describe(s.baseUrl),
    api_key: { value: key ? maskSecret(key) : null, source: key ? s.apiKey.source : 'unset' },
    key_kind: key ? (isSandboxKey(key) ? 'sandbox' : 'live') : null,
    key_storage: storage,
    output: describe(s.output),
    timeout: { value: `${s.timeoutMs.value / 1000}s`, source: s.timeoutMs.source },
    retries: describe(s.retries),
  };
  const row = (k: keyof typeof status, label: string) => {
    const v = status[k];
    return { key: k, label, value: v && typeof v === 'object' ? (v.value === null ? `not set` : `${v.value}  (${v.source})`) : v };
  };
  await writeDetail(out, status, [
    {
      fields: [
        row('profile', 'Profile'),
        row('base_url', 'Base URL'),
        row('api_key', 'API key'),
        { key: 'key_kind', label: 'Key kind', value: status.key_kind },
        { key: 'key_storage', label: 'Key stored in', value: storageText(storage) },
        row('output', 'Output'),
        row('timeout', 'Timeout'),
        row('retries', 'Retries'),
      ],
    },
  ]);
  if (!key) {
    const p = s.profile.value;
    if (unreadable) throw new AuthError(unreadable, { hint: `unlock the keyring, or run \`${commandLine(['auth', 'login', '--storage', 'file'], p === 'default' ? [] : ['--profile', p])}\`` });
    throw new AuthError(`no API key for profile "${p}"`, { hint: `run \`${commandLine(['auth', 'login'], p === 'default' ? [] : ['--profile', p])}\`, or set MAILCTL_API_KEY` });
  }
}

export default command({
  name: 'status',
  summary: 'show the profile, base URL and key in use (masked), and where each came from',
  examples: ['mailctl auth status', 'mailctl auth status --profile staging --json'],
  // it prints what it found, then ends 3 when the profile has no key to use
  exitCodes: [ExitCode.Auth],
  run: (_opts, ctx) => run(ctx),
});

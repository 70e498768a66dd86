import { isSandboxKey, maskSecret, type Setting } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { commandLine } from '../command-line.js';

export function parse(): Record<string, never> {
  return {};
}

const describe = <T>(s: Setting<T>) => ({ value: s.value ?? null, source: s.value === undefined ? 'unset' : s.source });

/** Shows what a command would use, and where each value came from; never the key itself. */
export async function run(_opts: unknown, ctx: Context): Promise<void> {
  const out = ctx.output();
  const s = ctx.settings();
  const key = s.apiKey.value;
  const status = {
    profile: describe(s.profile),
    base_url: describe(s.baseUrl),
    api_key: { value: key ? maskSecret(key) : null, source: key ? s.apiKey.source : 'unset' },
    key_kind: key ? (isSandboxKey(key) ? 'sandbox' : 'live') : null,
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
        row('output', 'Output'),
        row('timeout', 'Timeout'),
        row('retries', 'Retries'),
      ],
    },
  ]);
  if (!key) {
    const p = s.profile.value;
    throw new AuthError(`no API key for profile "${p}"`, { hint: `run \`${commandLine(['auth', 'login'], p === 'default' ? [] : ['--profile', p])}\`, or set MAILCTL_API_KEY` });
  }
}

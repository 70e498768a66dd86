import { validateBaseUrl, isSandboxKey, maskSecret } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { checkKey } from '../../config/profiles.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Verdict } from '../../api/auth.js';
import { readHidden } from '../../input/prompt.js';
import { commandLine } from '../../output/command-line.js';
import { command, flag } from '../define.js';
import { checkNoFields } from '../../output/fields.js';

interface LoginOptions {
  /** false with --no-verify: save without the check request. */
  verify: boolean;
  /** --storage: where the key goes (default: the OS store where usable, else the file). */
  storage?: 'file' | 'keychain';
}

async function run(opts: LoginOptions, ctx: Context): Promise<void> {
  checkNoFields(ctx.output().fields, 'a notice on stderr only');
  const profile = ctx.settings().profile.value;
  const baseUrl = ctx.globals.baseUrl === undefined ? undefined : validateBaseUrl(ctx.globals.baseUrl, '--base-url');
  const key = checkKey(ctx.io.stdinIsTTY ? await readHidden(ctx.io, `API key for profile "${profile}": `) : await ctx.readStdin());
  ctx.addSecret(key);
  const kind = isSandboxKey(key) ? 'sandbox' : 'live';
  let verdict: Verdict = 'not checked';
  if (opts.verify && ctx.settings().baseUrl.value) {
    const { verifyKey } = await import('../../api/auth.js');
    verdict = await verifyKey(() => ctx.api(key), ctx.signal);
  }
  const { saveKey } = await import('../../config/key-place.js');
  const saved = await saveKey(ctx, profile, key, opts.storage, baseUrl);
  ctx.notice(`Saved API key ${maskSecret(key)} to profile "${profile}" in ${saved.where}`);
  if (typeof verdict === 'object') {
    ctx.warn(`the key could not be checked (${verdict.unchecked}): saved unchecked; any command will tell whether it works`);
  }
  ctx.notice(
    typeof verdict === 'object'
      ? `Key kind: ${kind} (by its prefix).`
      : verdict === 'not checked'
        ? `Key kind: ${kind} (by its prefix); not checked against the API${opts.verify ? ' (no base URL yet)' : ' (--no-verify)'}.`
        : `Key kind: ${kind} (by its prefix); checked with ${OPERATIONS.listWebhooks.name}: it ${verdict}.`,
  );
  if (!saved.baseUrl && !ctx.io.env.MAILCTL_BASE_URL) {
    ctx.notice(`hint: set the API root with \`${commandLine(['config', 'set', 'base_url', 'URL'], profile === 'default' ? [] : ['--profile', profile])}\``);
  }
  if (isSandboxKey(key)) ctx.warn('this is a sandbox key: the API refuses it on schedule, unschedule and audience writes');
}

export default command({
  name: 'login',
  summary: 'save an API key to a profile: read from stdin when piped, else asked for with a hidden prompt',
  description: [
    'The key is never a command-line flag (it would show in ps and in shell',
    'history). It is checked with one read of the API before it is saved.',
    'It is kept in the OS credential store (macOS Keychain, Windows Credential',
    'Manager, Secret Service on Linux) where one is usable, else in the 0600',
    'config file; the config records which, and `auth status` says it.',
  ].join('\n'),
  flags: {
    verify: flag.negated('save the key without the check request (GET /webhooks) that refuses a key the API answers 401'),
    storage: flag.enum(['file', 'keychain'] as const, 'keychain: the OS credential store; file: the 0600 config file', 'where').defaultShown('keychain where one is usable, else file'),
  },
  examples: [
    'mailctl auth login --base-url https://api.example.com',
    'printf %s "$MAILCTL_KEY" | mailctl auth login --profile ci --base-url https://api.example.com',
    'printf %s "$MAILCTL_KEY" | mailctl auth login --profile offline --no-verify --storage file',
  ],
  callsApi: true,
  check: (o): LoginOptions => ({ verify: o.verify, ...(o.storage ? { storage: o.storage } : {}) }),
  run,
});

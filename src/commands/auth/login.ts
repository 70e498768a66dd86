import type { Command } from 'commander';
import * as z from 'zod';
import { validateBaseUrl, isSandboxKey, maskSecret } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readHidden } from '../../input/prompt.js';
import { commandLine } from '../command-line.js';
import { oneOf, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';

const schema = z.object({ storage: oneOf(['file', 'keychain'] as const).optional() });

export type LoginOptions = z.output<typeof schema>;

export function parse(input: RawInput, cmd: Command): LoginOptions {
  return parseInput(schema, input, cmd);
}

/** A key is one token: whitespace inside it means something else was pasted or piped. */
function checkKey(raw: string): string {
  const key = raw.replace(/^\uFEFF/, '').trim();
  if (key === '') throw new UsageError('no API key given: pipe it on stdin or type it at the prompt');
  if (/\s/.test(key)) throw new UsageError('the API key must be a single line with no spaces');
  if (key.length > 512) throw new UsageError('the API key is longer than 512 characters: is this the right input?');
  return key;
}

export async function run(opts: LoginOptions, ctx: Context): Promise<void> {
  const profile = ctx.settings().profile.value;
  const baseUrl = ctx.globals.baseUrl === undefined ? undefined : validateBaseUrl(ctx.globals.baseUrl, '--base-url');
  const key = checkKey(ctx.io.stdinIsTTY ? await readHidden(ctx.io, `API key for profile "${profile}": `) : await ctx.readStdin());
  ctx.addSecret(key);
  const { saveKey } = await import('./storage.js');
  const saved = await saveKey(ctx, profile, key, opts.storage, baseUrl);
  ctx.notice(`Saved API key ${maskSecret(key)} to profile "${profile}" in ${saved.where}`);
  if (!saved.baseUrl && !ctx.io.env.MAILCTL_BASE_URL) {
    ctx.notice(`hint: set the API root with \`${commandLine(['config', 'set', 'base_url', 'URL'], profile === 'default' ? [] : ['--profile', profile])}\``);
  }
  if (isSandboxKey(key)) ctx.warn('this is a sandbox key: the API refuses it on schedule, unschedule and audience writes');
}

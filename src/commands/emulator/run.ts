import type { Command } from 'commander';
import * as z from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { intFlag, parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';

const schema = z.object({
  host: z.string().trim().min(1, { error: 'must not be empty' }),
  port: intFlag(0, 65_535),
  seed: intFlag(0, 2 ** 31 - 1).optional(),
  events: intFlag(0, 5_000_000),
  contacts: intFlag(0, 1_000_000),
  lists: intFlag(1, 10_000),
  rateLimit: intFlag(1, 100_000).optional(),
  latency: intFlag(0, 60_000),
  faultRate: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/, { error: 'must be a number from 0 to 1' })
    .transform(Number),
  live: z.boolean().optional(),
  log: z.boolean().optional(),
  env: z.boolean().optional(),
  webhookRetryScale: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$|^\.\d+$/, { error: 'must be a number such as 1, 0.01 or 0.001' })
    .transform(Number)
    .refine((n) => n <= 1000, { error: 'must be at most 1000' }),
  scenario: z.enum(['mixed', 'healthy', 'critical-complaint']),
  tls: z.boolean().optional(),
  domainsVerified: z.boolean().optional(),
  allowRemote: z.boolean().optional(),
});

export type EmulatorRunOptions = z.output<typeof schema>;

export function parse(input: RawInput, cmd: Command): EmulatorRunOptions {
  const opts = parseInput(schema, input, cmd);
  if (!isLoopbackHost(opts.host) && !opts.allowRemote) {
    throw new UsageError(`--host ${opts.host}: that serves the emulator beyond this machine; add --allow-remote to do it on purpose`, {
      hint: 'its API keys are then random for the run (not from --seed); the default, 127.0.0.1, is reachable from this machine only',
    });
  }
  return opts;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine reaches them. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((o) => Number(o) <= 255);
}

/** --live unless --no-live; by default only for a person watching, and not when a fixed --seed asks for fixed data. */
export function liveByDefault(opts: EmulatorRunOptions, interactive: boolean): boolean {
  return opts.live ?? (interactive && opts.seed === undefined);
}

/** Serves until Ctrl-C or SIGTERM; the base URL and keys are the data this command prints. */
export async function run(opts: EmulatorRunOptions, ctx: Context): Promise<void> {
  const { serveEmulator } = await import('../../emulator/serve.js');
  const json = Boolean(ctx.globals.json || ctx.globals.ndjson || ctx.globals.output === 'json' || ctx.globals.output === 'ndjson');
  if (json && opts.env) throw new UsageError('--env cannot be combined with --json: each decides what stdout carries');
  const live = liveByDefault(opts, ctx.io.stdoutIsTTY || ctx.io.stderrIsTTY);
  const { live: _live, seed, allowRemote: _allowed, ...rest } = opts;
  // Seeded keys are the same on every run (and in the source): fine on loopback, not for a network.
  const remote = !isLoopbackHost(opts.host);
  if (remote) {
    ctx.warn(`the emulator will listen on ${opts.host}, beyond this machine: anyone who can reach it can use it; its API keys are random for this run (not from --seed)`);
  }
  try {
    await serveEmulator({ ...rest, seed: seed ?? 1, live, json, randomKeys: remote }, ctx.io.stdout, ctx.io.stdoutIsTTY, ctx.signal, ctx.io.stderr);
  } catch (error) {
    throw listenError(error, opts) ?? error;
  }
}

/** A port or host that cannot be bound is the user's choice to fix (exit 2), not a crash of mailctl. */
function listenError(error: unknown, opts: EmulatorRunOptions): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new UsageError(`--port ${opts.port}: the port is already in use on ${opts.host}`, {
      hint: 'choose another port, or --port 0 for a free one',
    });
  }
  if (code === 'EACCES') return new UsageError(`--port ${opts.port}: not allowed to listen on this port (ports below 1024 need privileges)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new UsageError(`--host ${opts.host}: not an address of this machine`);
  return undefined;
}

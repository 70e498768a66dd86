import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { isLoopbackHost, nonEmpty, scale, share } from '../../input/values.js';
import { command, flag, type Parsed } from '../define.js';
import { MS_PER_MINUTE } from '../../time-units.js';

const FLAGS = {
  host: flag.string('address to bind; beyond loopback only with --allow-remote', { value: 'host', parse: nonEmpty }).default('127.0.0.1'),
  allowRemote: flag.boolean('allow a --host other networks can reach; its API keys are then random for the run'),
  port: flag.integer('port to listen on; 0 picks a free one', [0, 65_535]).default(0),
  seed: flag.integer('seed of the generated data (same seed, same data; a given seed turns --live off unless asked)', [0, 2 ** 31 - 1]).defaultShown('1'),
  events: flag.integer('email events to generate (up to 5,000,000)', [0, 5_000_000]).default(2000),
  contacts: flag.integer('contacts to generate', [0, 1_000_000]).default(200),
  lists: flag.integer('lists to generate (bulk membership needs more than 50 to split requests)', [1, 10_000]).default(6),
  rateLimit: flag.integer('requests per second per team, as the service enforces (3 mirrors production); off by default', [1, 100_000], 'rps'),
  latency: flag.integer('milliseconds added before each answer', [0, MS_PER_MINUTE], 'ms').default(0),
  faultRate: flag.number('share of requests failing with 500/502/503 or a dropped connection', [0, 1], { value: 'p', parse: share }).default(0),
  scenario: flag.enum(['mixed', 'healthy', 'critical-complaint'] as const, 'event mix of the team: mixed (every type, critical rates), healthy, critical-complaint', 'name').default('mixed'),
  tls: flag.boolean('serve HTTPS with a certificate from a CA made at start; prints the CA file to pass as NODE_EXTRA_CA_CERTS'),
  live: flag.toggle(
    'keep producing new events (and delivering them to loopback webhooks); default on a terminal without --seed',
    'serve the generated events only: nothing new arrives',
  ),
  log: flag.boolean('print one line per request on stderr: method, path, status, key kind'),
  domainsVerified: flag.boolean("a created domain's DNS records pass verification at once (else a few seconds after it is created)"),
  authLockout: flag.boolean('five 401s in five minutes block the client address for fifteen minutes (429), as the service does; off by default, as every local client shares loopback'),
  env: flag.boolean('print `export MAILCTL_BASE_URL=… MAILCTL_API_KEY=…` lines on stdout (the banner goes to stderr)'),
  webhookRetryScale: flag.number('multiply the webhook retry schedule (1 min … 24 h) by F; 0.001 retries within seconds', [0, 1000], { value: 'f', parse: scale }).default(1),
};

export type EmulatorRunOptions = Parsed<typeof FLAGS, Record<never, never>>;

function check(opts: EmulatorRunOptions): EmulatorRunOptions {
  if (!isLoopbackHost(opts.host) && !opts.allowRemote) {
    throw new UsageError(`--host ${opts.host}: that serves the emulator beyond this machine; add --allow-remote to do it on purpose`, {
      hint: 'its API keys are then random for the run (not from --seed); the default, 127.0.0.1, is reachable from this machine only',
    });
  }
  return opts;
}

/** --live unless --no-live; by default only for a person watching, and not when a fixed --seed asks for fixed data. */
export function liveByDefault(opts: EmulatorRunOptions, interactive: boolean): boolean {
  return opts.live ?? (interactive && opts.seed === undefined);
}

/** Serves until Ctrl-C or SIGTERM; the base URL and keys are the data this command prints. */
async function run(opts: EmulatorRunOptions, ctx: Context): Promise<void> {
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

export default command({
  name: 'emulator',
  summary: 'run the bundled API emulator on loopback (for trying mailctl and testing CI scripts without an account)',
  group: 'tools',
  description: [
    'It runs until Ctrl-C or SIGTERM. With --json its first stdout line is',
    '{"base_url": "http://127.0.0.1:PORT", "keys": {"full": K, "read_only": K,',
    '"sandbox": K, "other_team": K, "free_tier": K}, "ids": {...}} (ids to try of',
    'every kind); free_tier is a key of a free-plan team (daily and monthly quota).',
    'without it, the same as lines to read. With --live it keeps producing new',
    'events and delivers them to enabled webhooks whose URL is on loopback.',
  ].join('\n'),
  flags: FLAGS,
  examples: [
    'mailctl emulator --tls --json --port 8025 --rate-limit 3',
    'mailctl emulator --env --webhook-retry-scale 0.001 > emu.env &   # then, in any shell: . ./emu.env',
    'mailctl emulator --live --log --events 200000 --fault-rate 0.1 --scenario critical-complaint',
  ],
  check,
  run,
});

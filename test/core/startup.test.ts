import { existsSync, readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, runCli, startCli, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { usePostgres } from '../helpers/postgres.js';

const HOOK = fileURLToPath(new URL('../helpers/load-hook.cjs', import.meta.url));

interface Loaded {
  /** Our dist/ files the run read, relative to dist/ (main.js is loaded by require, so not among them). */
  dist: string[];
  /** Packages and built-ins required by name. */
  required: string[];
  /** Built-in modules Node loaded for the run. */
  builtins: string[];
}

/** What `mailctl ARGS` loads, recorded by test/helpers/load-hook.cjs. */
async function loadedBy(args: string[], env: Record<string, string> = {}, expectCode = 0): Promise<Loaded> {
  const log = join(tempDir(), 'loaded.json');
  const r = await runCli(args, { env: { NODE_OPTIONS: `--require ${HOOK}`, MAILCTL_LOAD_LOG: log, ...env } });
  expect(r.code, r.stderr).toBe(expectCode);
  const { files, required, builtins } = JSON.parse(readFileSync(log, 'utf8')) as { files: string[]; required: string[]; builtins: string[] };
  // main.js is read by require() itself; the bundles by src/boot/code-cache.ts
  const dist = files.filter((f) => f.includes('/dist/') && !/(package|main)\.js(on)?$/.test(f)).map((f) => f.slice(f.lastIndexOf('/dist/') + 6));
  return { dist, required, builtins };
}

// `--version` and a plain `--help` are answered before commander loads (see
// main.ts); what they print must be exactly what the full program prints.

describe('start-up fast paths', () => {
  it('prints the root help from the build-time copy exactly as commander renders it', async () => {
    const fast = await runCli(['--help']);
    // --no-color does not change the help text but takes the full commander path
    const full = await runCli(['--no-color', '--help']);
    expect(fast.code).toBe(0);
    expect(full.code).toBe(0);
    expect(fast.stdout).toContain('Usage: mailctl <command> [flags]');
    expect(fast.stdout).toBe(full.stdout);
    expect((await runCli(['-h'])).stdout).toBe(full.stdout);
    expect((await runCli([])).stdout).toBe(full.stdout);
  });

  it('prints the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    const fast = await runCli(['--version']);
    expect(fast).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect((await runCli(['--no-color', '--version'])).stdout).toBe(`${version}\n`);
  });
});

describe('start-up fast paths write to fd 1 themselves', () => {
  // main.ts writes the version and the root help with writeSync(1), not through
  // process.stdout: a reader that is already gone must still end it quietly.
  it.each([[['--help']], [['--version']]])('mailctl %j into a closed pipe: exit 0, nothing on stderr', async (args) => {
    const child = startCli(args);
    child.stdout.destroy(); // the read end closes before the CLI has started
    const r = await finished(child);
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('start-up discipline', () => {
  // The heavy packages of other commands (config store, tables, colour,
  // spinners; the archive, keychain, charts and browser of later issues), and
  // the built-ins that only other commands use. undici (only in commands that
  // call the API) brings node:http2, tls, crypto and assert with it; commander
  // brings node:child_process.
  const NEVER_IN_ONE_CALL = /^(conf|ora|cli-table3|chalk|better-sqlite3|pg|pg-copy-streams|@modelcontextprotocol\/sdk(\/.*)?|keytar|@napi-rs\/keyring|selfsigned|playwright|puppeteer)$|^node:(sqlite|worker_threads)$/;
  const UNUSED_BUILTINS = ['sqlite', 'worker_threads'];
  const UNDICI_BUILTINS = ['http2', 'tls', 'crypto', 'assert'];
  // What a plain call over HTTP does not need, so does not load: undici's HTTP/2 client
  // (node:http2, and tls and crypto with it) and commander's executable subcommands
  // (node:child_process) get stand-ins that load them on first use (scripts/app-bundle.mjs,
  // LAZY_BUILTINS); zlib loads for a compressed answer, fs/promises for a run that writes a file.
  // node:assert gets one too: undici asserts its invariants as it runs, and only a failed one needs it.
  const NOT_IN_A_PLAIN_CALL = ['http2', 'tls', 'crypto', 'zlib', 'child_process', 'fs/promises', 'assert'];
  // Everything a one-call run requires by name: main.js (url, fs, path; then module and vm for
  // the code cache, which Node >= 22.1 does itself), commander (events, process), the config
  // (os), undici and the transport.
  const CODE_CACHE = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function' ? [] : ['node:vm'];
  const ONE_CALL_REQUIRED = [
    'node:async_hooks', 'node:buffer', 'node:diagnostics_channel', 'node:events', 'node:fs', 'node:http', 'node:module', 'node:net',
    'node:os', 'node:path', 'node:process', 'node:querystring', 'node:stream', 'node:url', 'node:util', ...CODE_CACHE,
  ].sort();

  // `--version` and a plain `--help` read package.json or dist/help.txt from main.js: no
  // bundle, no code cache (node:vm), no V8 flags (node:v8), no commander.
  it.each([[['--version']], [['--help']]])('mailctl %j: main.js with node:url, node:fs and node:path, nothing else; commander and our own small modules only', async (args) => {
    const loaded = await loadedBy(args);
    expect(loaded.dist).toEqual([]);
    expect([...new Set(loaded.required)].sort()).toEqual(['node:fs', 'node:path', 'node:url']);
    expect(loaded.builtins.filter((b) => ['vm', 'v8', 'os', 'net', 'http', 'events', 'child_process'].includes(b))).toEqual([]);
    expect(loaded.dist.filter((f) => f.startsWith('vendor/'))).toEqual([]);
    expect(loaded.required.filter((r) => !r.startsWith('node:'))).toEqual([]);
    expect(loaded.builtins.filter((b) => ['http', ...UNDICI_BUILTINS, ...UNUSED_BUILTINS].includes(b))).toEqual([]);
  });

  it.each([
    [['campaign', '--help']], [['lists', 'attach', '--help']], [['help', 'exit-codes']], [['help', 'events', 'list']],
    [['events', 'sync', '--help']], [['report', '--help']], [['campaign', 'check', '--help']], [['webhook', 'listen', '--help']], [['webhook', 'forward', '--help']],
    [['doctor', '--help']], [['auth', 'login', '--help']], [['mcp', '--help']],
  ])(
    'mailctl %j loads commander and our own small modules only',
    async (args) => {
      const loaded = await loadedBy(args);
      expect(loaded.dist.filter((f) => f.startsWith('vendor/'))).toEqual([]);
      expect(loaded.required.filter((r) => !r.startsWith('node:'))).toEqual([]);
      expect(loaded.builtins.filter((b) => ['http', ...UNDICI_BUILTINS, ...UNUSED_BUILTINS].includes(b))).toEqual([]);
    },
  );

  // src/output/error.ts renders failures; main.ts evaluates it (app.loadOutputError) only after one
  it('a failing command prints through the error rendering', async () => {
    const r = await runCli(['events', 'list', '--limit', 'x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --limit: /);
  });

  it('a one-call command loads app.js, zod and undici, and only the modules listed here (the checks above can fail)', async () => {
    const emu = await (await import('../../src/emulator/index.js')).startEmulator({ events: 5 });
    try {
      const loaded = await loadedBy(['webhook', 'list', '--json'], { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full });
      expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
      // the modules a one-call run may load: our bundle and the two vendor bundles, nothing else of ours
      expect([...new Set(loaded.dist)].sort()).toEqual(['app.js', 'vendor/undici.js', 'vendor/zod.js']);
      expect(loaded.required.filter((r) => NEVER_IN_ONE_CALL.test(r))).toEqual([]);
      expect(loaded.required.filter((r) => !r.startsWith('node:'))).toEqual([]);
      expect([...new Set(loaded.required)].sort()).toEqual(ONE_CALL_REQUIRED);
      expect(loaded.builtins).toContain('http');
      expect(loaded.builtins.filter((b) => [...UNUSED_BUILTINS, ...NOT_IN_A_PLAIN_CALL].includes(b))).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  it('over TLS a one-call command adds tls and crypto, and still no HTTP/2 and no zlib', async () => {
    const emu = await (await import('../../src/emulator/index.js')).startEmulator({ events: 5, tls: true });
    try {
      const env = { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, NODE_EXTRA_CA_CERTS: emu.caPath! };
      const loaded = await loadedBy(['webhook', 'list', '--json'], env);
      expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
      expect([...new Set(loaded.required)].sort()).toEqual([...ONE_CALL_REQUIRED, 'node:tls'].sort());
      expect(loaded.builtins).toEqual(expect.arrayContaining(['tls', 'crypto']));
      expect(loaded.builtins.filter((b) => ['http2', 'zlib', 'child_process', 'fs/promises', 'assert'].includes(b))).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  // The MCP SDK loads for `mailctl mcp` alone (its --help is in the list above).
  it('mcp loads the MCP SDK (the checks above can fail)', async () => {
    const loaded = await loadedBy(['mcp', '--read-only']);
    expect(loaded.required.filter((r) => NEVER_IN_ONE_CALL.test(r))).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk/server/index.js']));
  });

  // The emulator is a bundle of its own (dist/emulator.js): only `mailctl emulator` reads it.
  it('mailctl emulator reads the emulator bundle; its --help does not, and loads commander and our own small modules only', async () => {
    const help = await loadedBy(['emulator', '--help']);
    expect(help.dist).not.toContain('emulator.js');
    expect(help.dist.filter((f) => f.startsWith('vendor/'))).toEqual([]);
    expect(help.required.filter((r) => !r.startsWith('node:'))).toEqual([]);
    expect(help.builtins.filter((b) => ['http', ...UNDICI_BUILTINS, ...UNUSED_BUILTINS].includes(b))).toEqual([]);
    const log = join(tempDir(), 'loaded.json');
    const child = startCli(['emulator', '--port', '0', '--events', '10'], { env: { NODE_OPTIONS: `--require ${HOOK}`, MAILCTL_LOAD_LOG: log } });
    const done = finished(child);
    await new Promise<void>((resolve) => child.stdout.on('data', () => resolve())); // the banner
    child.kill('SIGTERM');
    expect((await done).code).toBe(143);
    expect((JSON.parse(readFileSync(log, 'utf8')) as { files: string[] }).files.some((f) => f.endsWith('/dist/emulator.js'))).toBe(true);
  });

  // The webhook receiver (src/webhooks: node:http, and node:crypto for signatures) is evaluated
  // only when listen runs; `webhook listen --help` above loads neither built-in.
  it('webhook listen loads the receiver and its signature check (the webhook checks above can fail)', async () => {
    const loaded = await loadedBy(['webhook', 'listen', '--expect', '1', '--timeout', '10ms'], {}, 8);
    expect(loaded.builtins).toEqual(expect.arrayContaining(['http', 'crypto']));
    // its flags are checked from their declarations: no zod, and no HTTP client
    expect(loaded.dist.filter((f) => f.startsWith('vendor/'))).toEqual([]);
    expect(loaded.required.filter((r) => NEVER_IN_ONE_CALL.test(r) && r !== 'node:crypto')).toEqual([]);
  });

  // `events list --db` is measured against the sqlite3 shell (docs/performance.md): an offline
  // read has no use for the HTTP client, its undici bundle, node:http or node:zlib (node:net may
  // load: a piped stdout is a socket).
  describe('the SQLite archive', () => {
    // One emulator and one archive (synced in-process) for both tests; `report --db`,
    // which both check, is run once, with the API's variables set too.
    let emu: import('../../src/emulator/index.js').Emulator;
    let db: string;
    let env: Record<string, string>;
    let report: Promise<Loaded> | undefined;
    const reportLoaded = () => (report ??= loadedBy(['report', '--db', db, '--json'], env));
    beforeAll(async () => {
      emu = await (await import('../../src/emulator/index.js')).startEmulator({ events: 5 });
      db = join(tempDir(), 'events.sqlite');
      env = { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, MAILCTL_DB: db };
      expect((await runCliInProcess(['events', 'sync'], { env })).code).toBe(0); // the archive to read: made in-process
    });
    afterAll(async () => {
      await emu.close();
    });

    it('events list --db and report --db load no HTTP client (no undici bundle, no node:http or node:zlib)', async () => {
      for (const args of [['events', 'list', '--db', '--all', '--ndjson'], ['report', '--db', db, '--json']]) {
        const loaded = args[0] === 'report' ? await reportLoaded() : await loadedBy(args, { MAILCTL_DB: db });
        expect(loaded.required, args.join(' ')).toContain('better-sqlite3');
        // zod and the schemas of api/ load only for an answer of the API to check
        expect(loaded.dist.filter((f) => f.startsWith('vendor/')), args.join(' ')).toEqual([]);
        expect(loaded.builtins.filter((b) => ['http', 'zlib'].includes(b)), args.join(' ')).toEqual([]);
      }
    });

    it('only the archive commands load the SQLite binding: events list and report do not, sync and --db do', async () => {
      const runs: Array<[string[], boolean]> = [
        [['events', 'list', '--json'], false],
        [['report', '--json'], false],
        [['events', 'sync', '--json'], true],
        [['events', 'list', '--db', '--json'], true],
      ];
      for (const [args, loads] of runs) {
        const loaded = await loadedBy(args, env);
        expect(loaded.required.includes('better-sqlite3'), args.join(' ')).toBe(loads);
      }
      expect((await reportLoaded()).required.includes('better-sqlite3'), 'report --db').toBe(true);
    });
  });

  // pg probes at load whether it runs in a Cloudflare Worker; on Node 20 (no global navigator)
  // that builds a fetch Response, loading Node's whole built-in fetch. src/archive/pg/load.ts
  // spares a PostgreSQL read that: no HTTP client of any kind, and no navigator left behind.
  describe('the PostgreSQL archive', () => {
    const pg = usePostgres('startup');
    it('events list --db postgres://… loads pg and no HTTP client (neither ours nor Node\'s fetch)', async () => {
      const emu = await (await import('../../src/emulator/index.js')).startEmulator({ events: 5 });
      try {
        const db = await pg.fresh();
        expect((await runCliInProcess(['events', 'sync', '--db', db.url], { env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full } })).code).toBe(0);
        const loaded = await loadedBy(['events', 'list', '--db', db.url, '--all', '--ndjson']);
        expect(loaded.required).toContain('pg');
        expect(loaded.dist.filter((f) => f.startsWith('vendor/'))).toEqual([]);
        expect(loaded.builtins.filter((b) => /undici|^http$|^zlib$/.test(b))).toEqual([]);
      } finally {
        await emu.close();
      }
    });

    it('the stand-in navigator is gone once pg has loaded (Node 20 has none of its own)', async () => {
      const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
      const { loadPg } = await import('../../src/archive/pg/load.js');
      expect(typeof (await loadPg()).Client).toBe('function');
      expect(Object.getOwnPropertyDescriptor(globalThis, 'navigator')).toEqual(before);
    });
  });
});

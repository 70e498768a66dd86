// The V8 code cache of the built CLI (src/boot/code-cache.ts): spawned, because only
// the built bundles use it. What a user can check: the cache files appear in
// MAILCTL_CACHE_DIR, a second run uses them instead of writing them again, and
// a broken or unwritable cache changes nothing the command prints.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, runCli, tempDir, type CliResult } from '../helpers/cli.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 1 });
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

/** `webhook list --json` with its code cache in cacheDir; checks the one request it must send. */
async function listWebhooks(cacheDir: string): Promise<CliResult> {
  emu.clearRequests();
  const r = await runCli(['webhook', 'list', '--json'], { env: { ...emulatorEnv(emu), MAILCTL_CACHE_DIR: cacheDir } });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /webhooks']);
  expect((JSON.parse(r.stdout) as unknown[]).length).toBe(emu.fixtures.webhooks.length);
  return r;
}

function cacheFiles(cacheDir: string): string[] {
  const dir = join(cacheDir, 'v8', `${process.version}-${process.arch}`);
  return readdirSync(dir)
    .map((f) => join(dir, f))
    .sort();
}

/**
 * The first run, into an empty cache: its output and the cache it wrote, which the
 * tests below copy (a cold run compiles every bundle, the costliest run there is).
 */
let first: { cacheDir: string; stdout: string; files: string[]; written: number[] };
beforeAll(async () => {
  const cacheDir = tempDir('mailctl-cache-');
  const r = await listWebhooks(cacheDir);
  const files = cacheFiles(cacheDir);
  first = { cacheDir, stdout: r.stdout, files, written: files.map((f) => statSync(f).mtimeMs) };
});

/** A cache directory holding what the first run wrote; the same file names as its. */
function copyOfFirst(): { cacheDir: string; files: string[] } {
  const cacheDir = tempDir('mailctl-cache-');
  cpSync(first.cacheDir, cacheDir, { recursive: true });
  return { cacheDir, files: cacheFiles(cacheDir) };
}

describe('code cache', () => {
  it('is written on the first run, one file per bundle, and read without rewriting on the next', async () => {
    const { cacheDir, files, written } = first;
    expect(files.map((f) => f.replace(/-[0-9a-f]{16}\.cache$/, '').split('/').pop())).toEqual(['app.js', 'vendor-undici.js', 'vendor-zod.js']);
    const second = await listWebhooks(cacheDir);
    expect(second.stdout).toBe(first.stdout);
    expect(cacheFiles(cacheDir)).toEqual(files);
    // V8 accepted the data, so the run left the files as they were
    expect(files.map((f) => statSync(f).mtimeMs)).toEqual(written);
  });

  it('the cache of an older build of a bundle is removed when the new one is written', async () => {
    const { cacheDir, files } = copyOfFirst();
    const older = files[0]!.replace(/-[0-9a-f]{16}\.cache$/, '-0000000000000000.cache');
    writeFileSync(older, 'the cache of an older build');
    rmSync(files[0]!);
    await listWebhooks(cacheDir);
    expect(cacheFiles(cacheDir)).toEqual(files);
  });

  it('a damaged cache file is ignored and replaced', async () => {
    const { cacheDir } = copyOfFirst();
    for (const f of cacheFiles(cacheDir)) writeFileSync(f, 'not V8 code cache data');
    const damaged = await listWebhooks(cacheDir);
    expect(damaged.stdout).toBe(first.stdout);
    for (const f of cacheFiles(cacheDir)) expect(readFileSync(f, 'utf8')).not.toBe('not V8 code cache data');
  });

  it('an unwritable cache directory changes nothing the command prints', async () => {
    const notADir = join(tempDir(), 'file');
    writeFileSync(notADir, '');
    const uncached = await listWebhooks(join(notADir, 'cache'));
    expect(uncached.stdout).toBe(first.stdout);
  });
});

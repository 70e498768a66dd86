import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const HOOK = fileURLToPath(new URL('../helpers/load-hook.mjs', import.meta.url));

/** Every module `mailctl ARGS` loads, with the text of each of our dist files. */
async function loadedBy(args: string[]): Promise<{ urls: string[]; distText: string }> {
  const log = join(tempDir(), 'loaded.txt');
  const r = await runCli(args, { env: { NODE_OPTIONS: `--import ${HOOK}`, MAILCTL_LOAD_LOG: log } });
  expect(r.code, r.stderr).toBe(0);
  // The hook sees ES modules only; bin/mailctl.js and dist/main.js are CommonJS
  // and load nothing else, so --version may leave no log at all.
  const urls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  const distText = urls
    .filter((u) => u.startsWith('file:') && u.includes('/dist/'))
    .map((u) => readFileSync(fileURLToPath(u), 'utf8'))
    .join('\n');
  return { urls, distText };
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
    expect(fast.stdout).toContain('Usage: mailctl [options] [command]');
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

describe('start-up discipline', () => {
  // undici and zod are bundled into chunks of their own, so look for them by
  // what their code contains; the other three load from node_modules.
  const heavy = (distText: string, urls: string[]) => ({
    undici: /llhttp/.test(distText),
    zod: /ZodError/.test(distText),
    external: urls.filter((u) => /node_modules\/(conf|ora|cli-table3|chalk|selfsigned|@napi-rs\/keyring)\//.test(u)),
  });
  // undici's proxy support is a chunk of its own, loaded only when a proxy applies.
  const proxyAgent = (distText: string) => /Proxy-Authorization should be sent in ProxyAgent constructor/.test(distText);

  it.each([
    [['--version']],
    [['--help']],
    [['campaign', '--help']],
    [['lists', 'attach', '--help']],
    [['help', 'exit-codes']],
    [['doctor', '--help']],
    [['auth', 'login', '--help']],
    [['emulator', '--help']],
  ])(
    'mailctl %j loads commander and our own small modules only',
    async (args) => {
      const { urls, distText } = await loadedBy(args);
      expect(heavy(distText, urls)).toEqual({ undici: false, zod: false, external: [] });
      expect(urls.filter(isErrorRendering)).toEqual([]);
    },
  );

  // output/error.mjs renders failures: main.ts loads it only after one.
  const isErrorRendering = (u: string) => u.endsWith('/dist/output/error.mjs');

  it('a failing command loads the error rendering, and prints through it', async () => {
    const log = join(tempDir(), 'loaded.txt');
    const r = await runCli(['events', 'list', '--limit', 'x'], { env: { NODE_OPTIONS: `--import ${HOOK}`, MAILCTL_LOAD_LOG: log } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --limit: /);
    expect(readFileSync(log, 'utf8').trim().split('\n').filter(isErrorRendering)).toHaveLength(1);
  });

  it('a command that calls the API does load them (the check above can fail)', async () => {
    const emu = await (await import('../../src/emulator/index.js')).startEmulator({ events: 5 });
    try {
      const log = join(tempDir(), 'loaded.txt');
      const r = await runCli(['webhook', 'list', '--json'], {
        env: { NODE_OPTIONS: `--import ${HOOK}`, MAILCTL_LOAD_LOG: log, MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full },
      });
      expect(r.code, r.stderr).toBe(0);
      const urls2 = readFileSync(log, 'utf8').trim().split('\n');
      const text = urls2.filter((u) => u.includes('/dist/')).map((u) => readFileSync(fileURLToPath(u), 'utf8')).join('\n');
      expect(heavy(text, urls2)).toMatchObject({ undici: true, zod: true });
      expect(urls2.filter(isErrorRendering)).toEqual([]);
      // a direct connection with MAILCTL_API_KEY: neither the proxy agent nor the OS credential store
      expect(proxyAgent(text)).toBe(false);
      expect(urls2.filter((u) => /node_modules\/(@napi-rs|selfsigned)\//.test(u))).toEqual([]);
      const log3 = join(tempDir(), 'loaded.txt');
      const proxied = await runCli(['webhook', 'list', '--json'], {
        env: { NODE_OPTIONS: `--import ${HOOK}`, MAILCTL_LOAD_LOG: log3, MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' },
      });
      expect(proxied.code, proxied.stderr).toBe(0);
      const urls3 = readFileSync(log3, 'utf8').trim().split('\n');
      expect(proxyAgent(urls3.filter((u) => u.includes('/dist/')).map((u) => readFileSync(fileURLToPath(u), 'utf8')).join('\n'))).toBe(false);
      // ...and the same check sees the proxy agent when a proxy does apply (here one that is down: exit 7)
      const log4 = join(tempDir(), 'loaded.txt');
      const viaProxy = await runCli(['webhook', 'list', '--retries', '0'], {
        env: { NODE_OPTIONS: `--import ${HOOK}`, MAILCTL_LOAD_LOG: log4, MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, HTTP_PROXY: 'http://127.0.0.1:9' },
      });
      expect(viaProxy.code).toBe(7);
      const urls4 = readFileSync(log4, 'utf8').trim().split('\n');
      expect(proxyAgent(urls4.filter((u) => u.includes('/dist/')).map((u) => readFileSync(fileURLToPath(u), 'utf8')).join('\n'))).toBe(true);
    } finally {
      await emu.close();
    }
  });
});

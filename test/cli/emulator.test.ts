import { describe, expect, it } from 'vitest';
import { liveByDefault } from '../../src/commands/emulator/run.js';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { finished, startCli } from '../helpers/cli.js';
// The emulator runs as the built binary (its banner, its signals); its clients and
// the refused flags run in-process.
import { runCliInProcess as runCli, testContext } from '../helpers/context.js';

function firstLine(child: ReturnType<typeof startCli>): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8');
    const onData = (d: string) => {
      buf += d;
      const nl = buf.indexOf('\n');
      if (nl >= 0) {
        child.stdout.off('data', onData);
        resolve(buf.slice(0, nl));
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before printing a line: ${buf}`)));
  });
}

describe('mailctl emulator', () => {
  it('prints one JSON line with its base URL and keys, serves, and stops on SIGTERM', async () => {
    const child = startCli(['emulator', '--json', '--events', '50', '--domains-verified']);
    const line = await firstLine(child);
    const info = JSON.parse(line);
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.keys(info.keys).sort()).toEqual(['free_tier', 'full', 'other_team', 'read_only', 'sandbox']);
    expect(info.keys.sandbox).toMatch(/^lttr_sandbox_/);

    // the CLI talks to it like to the real service
    const hooks = await runCli(['webhook', 'list', '--json'], { env: { MAILCTL_BASE_URL: info.base_url, MAILCTL_API_KEY: info.keys.full } });
    expect(hooks.code).toBe(0);
    expect(Array.isArray(JSON.parse(hooks.stdout))).toBe(true);

    // --domains-verified: a domain just created passes its DNS check at once
    const auth = { authorization: `Bearer ${info.keys.full}`, 'content-type': 'application/json' };
    const created = await fetch(`${info.base_url}/domains`, { method: 'POST', headers: auth, body: JSON.stringify({ domain: 'fresh.example.com' }) });
    expect(created.status).toBe(201);
    const verified = (await (await fetch(`${info.base_url}/domains/fresh.example.com/verify`, { method: 'POST', headers: auth })).json()) as { data: Record<string, unknown> };
    expect(verified.data).toMatchObject({ dkim_status: 'valid', cname_status: 'valid', spf_status: 'valid', dmarc_status: 'valid' });

    const done = finished(child);
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(143);
  });

  // cli.md's exit codes: 130 interrupted (Ctrl-C), 143 terminated (SIGTERM); a server stopped
  // by a signal is no exception (it exited 0 on SIGTERM while Ctrl-C gave 130).
  it.each([
    ['SIGTERM', 143, () => new errors.TerminatedError()],
    ['Ctrl-C', 130, () => new errors.InterruptedError()],
  ] as const)('stopped by %s it exits %d', async (_name, code, reason) => {
    const tc = await testContext({ emulator: false, key: null });
    const run = runArgv(['node', 'mailctl', 'emulator', '--json', '--port', '0', '--no-live', '--events', '5'], tc.runtime, errors);
    for (let i = 0; i < 500 && !tc.stdout().includes('\n'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(JSON.parse(tc.stdout()).base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    tc.abort(reason());
    expect(await run).toBe(code);
    await tc.close();
    expect(tc.stderr()).toBe('');
  });

  it('--auth-lockout blocks a client address after five 401s (429 with Retry-After), as the service does', async () => {
    const tc = await testContext({ emulator: false, key: null });
    const run = runArgv(['node', 'mailctl', 'emulator', '--json', '--port', '0', '--no-live', '--events', '5', '--auth-lockout'], tc.runtime, errors);
    for (let i = 0; i < 500 && !tc.stdout().includes('\n'); i++) await new Promise((r) => setTimeout(r, 10));
    const info = JSON.parse(tc.stdout());
    const status = async (key: string) => (await fetch(`${info.base_url}/campaigns`, { headers: { authorization: `Bearer ${key}` } })).status;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await status(`lttr_${'x'.repeat(64)}`));
    const blocked = await fetch(`${info.base_url}/campaigns`, { headers: { authorization: `Bearer ${info.keys.full}` } });
    expect([...statuses, blocked.status]).toEqual([401, 401, 401, 401, 401, 429]);
    // the block's seconds left: fifteen minutes, less whatever this test took since the fifth 401
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    tc.abort(new errors.TerminatedError());
    expect(await run).toBe(143);
    await tc.close();
  });

  it('refuses bad flags with exit 2 before starting', async () => {
    const result = await runCli(['emulator', '--fault-rate', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --fault-rate: must be a number from 0 to 1 (got "2")\n');
    expect(result.stdout).toBe('');
  });

  it('with --env prints export lines a second shell can use, and --log names each request on stderr', async () => {
    const child = startCli(['emulator', '--env', '--log', '--events', '50']);
    let stdout = '';
    child.stdout.setEncoding('utf8');
    const exports = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: string) => {
        stdout += d;
        if (stdout.split('\n').length > 2) resolve();
      });
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await exports;
    const baseUrl = /^export MAILCTL_BASE_URL=(\S+)$/m.exec(stdout)?.[1];
    const key = /^export MAILCTL_API_KEY=(\S+)$/m.exec(stdout)?.[1];
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const hooks = await runCli(['webhook', 'list', '--json'], { env: { MAILCTL_BASE_URL: baseUrl, MAILCTL_API_KEY: key } });
    expect(hooks.code).toBe(0);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(stderr).toContain(`export MAILCTL_BASE_URL=${baseUrl} MAILCTL_API_KEY=${key}`);
    expect(stderr).toMatch(/^GET \/webhooks 200 full$/m);
  });

  it('refuses a bad --webhook-retry-scale and --env with --json, with exit 2', async () => {
    const bad = await runCli(['emulator', '--webhook-retry-scale', 'fast']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --webhook-retry-scale: must be a number/);
    const both = await runCli(['emulator', '--env', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--env cannot be combined with --json');
    expect(both.stdout).toBe('');
  });

  it('is live by default only for a person at a terminal without a fixed seed', () => {
    const base = { host: '127.0.0.1', port: 0, events: 1, contacts: 1, lists: 1, latency: 0, faultRate: 0, webhookRetryScale: 1 };
    expect(liveByDefault(base, true)).toBe(true);
    expect(liveByDefault(base, false)).toBe(false);
    expect(liveByDefault({ ...base, seed: 7 }, true)).toBe(false);
    expect(liveByDefault({ ...base, seed: 7, live: true }, false)).toBe(true);
    expect(liveByDefault({ ...base, live: false }, true)).toBe(false);
  });
});

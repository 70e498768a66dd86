// Item 18 of issue 17: the real service's key forms (`lttr_…`, `lttr_sandbox_…`) and a sandbox
// key's own budget (10 a minute, 100 a day, X-Sandbox-RateLimit-* headers, 429 past either).
// The emulator issues keys of the real form and enforces the budget; the CLI recognises both
// forms (and the old `sandbox_…`), paces on the minute budget and warns before an export that
// the day budget cannot cover.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { isSandboxKey } from '../../src/config/resolve.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call } from '../helpers/emulator.js';
import { emulatorEnv, ndjson } from '../helpers/cli.js';
// the CLI runs in-process: these check its output, exit code and requests, not the process
import { runCliInProcess as runCli } from '../helpers/context.js';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

/** A clock that only moves when the client sleeps: the emulator and the client share it. */
function fakeClock(start = Date.UTC(2026, 0, 5, 12)) {
  let t = start;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
  };
}

describe('key forms', () => {
  it('the emulator issues keys of the real form', async () => {
    emu = await startEmulator({ seed: 3, events: 10 });
    expect(emu.keys.full).toMatch(/^lttr_[A-Za-z0-9]{64}$/);
    expect(emu.keys.read_only).toMatch(/^lttr_[A-Za-z0-9]{64}$/);
    expect(emu.keys.other_team).toMatch(/^lttr_[A-Za-z0-9]{64}$/);
    expect(emu.keys.sandbox).toMatch(/^lttr_sandbox_[A-Za-z0-9]{64}$/);
  });

  it('the CLI tells a sandbox key of either form from a live key', () => {
    expect(isSandboxKey(`lttr_sandbox_${'a'.repeat(64)}`)).toBe(true);
    expect(isSandboxKey(`sandbox_${'a'.repeat(64)}`)).toBe(true);
    expect(isSandboxKey(`lttr_${'a'.repeat(64)}`)).toBe(false);
    expect(isSandboxKey(`lttr_sandboxy${'a'.repeat(60)}`)).toBe(false);
  });

  it('a real-form sandbox key is refused on a write before anything is sent (exit 3)', async () => {
    emu = await startEmulator({ seed: 3, events: 10 });
    const r = await runCli(['campaign', 'unschedule', emu.fixtures.campaigns.scheduled], { env: emulatorEnv(emu, 'sandbox') });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^error: sandbox API keys cannot/m);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('the emulator enforces the sandbox budget', () => {
  it('reports it on every answer to a sandbox key and refuses the 11th request of a minute', async () => {
    const clock = fakeClock();
    emu = await startEmulator({ seed: 3, events: 10, now: clock.now });
    const live = await call(emu, 'GET', '/webhooks');
    expect(live.headers.get('x-sandbox-ratelimit-minute-limit')).toBeNull();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await call(emu, 'GET', '/webhooks', { key: emu.keys.sandbox }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers[0]!.headers.get('x-sandbox-ratelimit-minute-limit')).toBe('10');
    expect(answers[0]!.headers.get('x-sandbox-ratelimit-minute-remaining')).toBe('9');
    expect(answers[0]!.headers.get('x-sandbox-ratelimit-day-limit')).toBe('100');
    expect(answers[9]!.headers.get('x-sandbox-ratelimit-day-remaining')).toBe('90');
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.headers.get('retry-after')).toBe('60');
  });

  it('refuses past the day budget with a Retry-After of hours', async () => {
    const clock = fakeClock();
    emu = await startEmulator({ seed: 3, events: 10, now: clock.now, sandboxBudget: { minute: 1000, day: 3 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(emu, 'GET', '/webhooks', { key: emu.keys.sandbox })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(emu, 'GET', '/webhooks', { key: emu.keys.sandbox });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
  });
});

describe('the CLI paces on the minute budget', () => {
  it('25 reads on a sandbox key: no 429, about three minutes of fake time', async () => {
    const clock = fakeClock();
    emu = await startEmulator({ seed: 3, events: 10, now: clock.now });
    const api = new ApiClient({
      baseUrl: emu.baseUrl, apiKey: emu.keys.sandbox, timeoutMs: 5000, retries: 0, userAgent: 't', now: clock.now, sleep: clock.sleep,
    });
    const start = clock.now();
    for (let i = 0; i < 25; i++) await api.request({ method: 'GET', path: '/webhooks' });
    await api.close();
    expect(emu.requests.map((r) => r.status)).toEqual(Array(25).fill(200));
    // 10 in the first minute, 10 in the second, 5 in the third: two waits of about a minute
    expect(clock.now() - start).toBeGreaterThanOrEqual(120_000);
    expect(clock.now() - start).toBeLessThan(180_000);
  });
});

describe('an export the day budget cannot cover is announced', () => {
  it('events list --all on a sandbox key with 5 requests left for 20 pages warns first', async () => {
    emu = await startEmulator({ seed: 3, events: 2000, sandboxBudget: { minute: 1000, day: 5 } });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--from', '30d'], { env: emulatorEnv(emu, 'sandbox') });
    expect(r.stderr).toMatch(/^warning: this export needs about \d+ more requests, but this sandbox key has 4 of its 5 requests left today/m);
    // the warning comes before the failure it predicts
    expect(r.stderr.indexOf('warning: this export')).toBeLessThan(r.stderr.indexOf('error:'));
    expect(r.code).toBe(6);
    expect(ndjson(r.stdout)).toHaveLength(500);
    expect(emu.requests).toHaveLength(6);
  });

  it('no warning when the first page already reaches back past the window: nothing more will be read', async () => {
    // about 220 events a day: the last hour's fit in the first page of 100, the covering day's do not,
    // and one request left after the first would not cover the day's other pages
    emu = await startEmulator({ seed: 3, events: 20_000, sandboxBudget: { minute: 1000, day: 2 } });
    for (const args of [['events', 'list', '--all', '--ndjson', '--from', '1h'], ['report', '--from', '1h', '--json']]) {
      emu.clearRequests();
      const r = await runCli(args, { env: emulatorEnv(emu, 'sandbox') });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr, args.join(' ')).not.toContain('requests left today');
      expect(emu.requests).toHaveLength(1);
    }
  });

  // service-notes "Sandbox keys": a client that knows the day budget says what a command will
  // cost before it spends it; report and events sync read every page of their range too.
  it('report on a sandbox key with 5 requests left for 20 pages warns before it fails', async () => {
    emu = await startEmulator({ seed: 3, events: 2000, sandboxBudget: { minute: 1000, day: 5 } });
    const r = await runCli(['report', '--from', '30d', '--json'], { env: emulatorEnv(emu, 'sandbox') });
    expect(r.stderr).toMatch(/^warning: this report needs about \d+ more requests, but this sandbox key has 4 of its 5 requests left today/m);
    expect(r.stderr.indexOf('warning: this report')).toBeLessThan(r.stderr.indexOf('error:'));
    expect(r.code).toBe(6);
    // told after the first answer, before the second request was sent
    expect(emu.requests).toHaveLength(6);
  });

  it('events sync on a sandbox key with 5 requests left for 20 pages warns before it stops', async () => {
    emu = await startEmulator({ seed: 3, events: 2000, sandboxBudget: { minute: 1000, day: 5 } });
    const dir = mkdtempSync(join(tmpdir(), 'mailctl-sandbox-sync-'));
    try {
      const r = await runCli(['events', 'sync', '--db', join(dir, 'events.sqlite'), '--from', '30d'], { env: emulatorEnv(emu, 'sandbox') });
      // the first request of a sync is GET /auth/check, so the first page leaves 3
      expect(r.stderr).toMatch(/^warning: this sync needs about \d+ more requests, but this sandbox key has 3 of its 5 requests left today/m);
      expect(r.stderr.indexOf('warning: this sync')).toBeLessThan(r.stderr.indexOf('error:'));
      expect(r.code).toBe(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('email list --all on a sandbox key warns when the pages left exceed the day budget', async () => {
    emu = await startEmulator({ seed: 3, events: 10, sandboxBudget: { minute: 1000, day: 6 } });
    for (let i = 0; i < 4; i++) {
      const sent = await call(emu, 'POST', '/emails', { key: emu.keys.sandbox, body: { from: 'dev@acme.example', to: ['x@example.com'], subject: `s${i}`, text: 'hi' } });
      expect(sent.status, sent.text).toBe(200);
    }
    const r = await runCli(['email', 'list', '--all', '--per-page', '1', '--ndjson'], { env: emulatorEnv(emu, 'sandbox') });
    expect(r.stderr).toMatch(/^warning: this export needs about 3 more requests, but this sandbox key has 1 of its 6 requests left today/m);
    expect(r.code).toBe(6);
  });

  it('a live key gets no such warning', async () => {
    emu = await startEmulator({ seed: 3, events: 300, sandboxBudget: { minute: 1000, day: 5 } });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--from', '30d'], { env: emulatorEnv(emu, 'full') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/sandbox/);
  });
});

import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, runCli as runSpawned, tempDir } from '../helpers/cli.js';
import { fakeClock, runCliInProcess as runCli, runInProcess } from '../helpers/context.js';
import { testProxy } from '../helpers/proxy.js';
import { json, scriptedServer } from '../helpers/server.js';

interface Report {
  ok: boolean;
  checks: Array<{ name: string; status: 'pass' | 'warn' | 'fail'; ok: boolean; detail: string; fix?: string }>;
}

let emu: Emulator;
let tlsEmu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ events: 20 });
  tlsEmu = await startEmulator({ events: 20, tls: true });
});
afterAll(async () => {
  await emu.close();
  await tlsEmu.close();
});
beforeEach(() => {
  emu.clearRequests();
  tlsEmu.clearRequests();
});

async function doctor(env: Record<string, string>, args: string[] = ['--json'], configDir?: string) {
  const r = await runCli(['doctor', ...args], { env, ...(configDir ? { configDir } : {}) });
  const report = args.includes('--json') && r.stdout ? (JSON.parse(r.stdout) as Report) : undefined;
  const check = (name: string) => report?.checks.find((c) => c.name === name);
  return { ...r, report, check };
}

/** What a healthy service answers doctor's four requests with, in order. */
const remoteAnswers = (headers: Record<string, string>) => [
  json(200, { message: 'ok', data: { status: 'ok', timestamp: new Date().toISOString() } }, headers),
  json(200, { message: 'ok', data: { team_id: 1, timestamp: new Date().toISOString() } }, headers),
  json(200, { message: 'ok', data: { domains: [{ domain: 'acme.example', status: 'approved', can_send: true, dkim_status: 'valid' }] } }, headers),
  json(200, { message: 'ok', data: { webhooks: [] } }, headers),
];

const notPassing = (report: Report | undefined) => report!.checks.filter((c) => c.status !== 'pass').map((c) => c.name);

// In-process (helpers/context.ts) but for the last block, which runs the binary for its exit codes.

describe('mailctl doctor', () => {
  it('passes on a healthy emulator with exit 0, spending exactly four cheap reads', async () => {
    const r = await doctor(emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    expect(r.report!.ok).toBe(true);
    expect(notPassing(r.report)).toEqual([]);
    expect(r.report!.checks.map((c) => c.name)).toEqual(['config', 'profile', 'key', 'base_url', 'proxy', 'connection', 'tls', 'service', 'auth', 'clock', 'rate_limit', 'domains', 'quota', 'webhooks']);
    expect(emu.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)).toEqual(['GET /health', 'GET /auth/check', 'GET /domains', 'GET /webhooks']);
    expect(r.check('auth')!.detail).toContain(`the key is valid for team ${emu.store.teams.main.sending.teamId}`);
    expect(r.check('domains')!.detail).toMatch(/not verified: .*promo\.acme\.example \(pending\).*acme-deals\.example \(blocked\)/);
    expect(r.stdout + r.stderr).not.toContain(emu.keys.full);
  });

  it('asks GET /health without the key (4.1 has no security requirement) and the other three with it', async () => {
    const r = await doctor(emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(0);
    const health = emu.requests.find((q) => q.path === '/health')!;
    expect(health.headers.authorization).toBeUndefined();
    expect(health.key).toBeUndefined();
    const others = emu.requests.filter((q) => q.path !== '/health');
    expect(others).toHaveLength(3);
    for (const q of others) expect(q.headers.authorization).toBe(`Bearer ${emu.keys.full}`);
  });

  it('--fields: an unknown field is a usage error listing the valid ones, before any request; a known one picks the column', async () => {
    const bad = await doctor(emulatorEnv(emu), ['--fields', 'nope']);
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^error: --fields: unknown field "nope"\nhint: valid fields: name, status, ok, detail, fix\n$/);
    expect(emu.requests).toEqual([]);
    const names = await doctor(emulatorEnv(emu), ['--fields', 'name']);
    expect(names.code, names.stderr).toBe(0);
    expect(names.stdout.trim().split('\n')).toEqual(['config', 'profile', 'key', 'base_url', 'proxy', 'connection', 'tls', 'service', 'auth', 'clock', 'rate_limit', 'domains', 'quota', 'webhooks']);
  });

  it('prints one row per check with ✔ on a terminal-less pipe as tab-separated rows', async () => {
    const r = await doctor(emulatorEnv(emu), []);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows).toHaveLength(14);
    for (const row of rows) expect(row[0]).toBe('✔');
    expect(r.stderr).toBe('');
  });

  it('on a terminal, shows every finding whole, with the fix on its own line', async () => {
    const r = await runInProcess(['doctor'], { emulator: emu, key: 'sandbox', stdoutIsTTY: true, columns: 60 });
    expect(r.exitCode).toBe(8);
    expect(r.stdout).toContain('\u001b[33m!\u001b[39m'); // the warning in yellow
    const lines = r.stdout.replace(/\u001b\[\d+m/g, '').split('\n');
    const key = lines.findIndex((l) => l.startsWith('! key'));
    expect(lines[key]).toContain('sandbox key from MAILCTL_API_KEY: schedule, unschedule and audience writes are refused');
    expect(lines[key + 1]).toMatch(/^\s+fix: use a live key for writes: mailctl auth login$/);
    expect(lines.filter((l) => l.startsWith('✔ '))).toHaveLength(13);
    expect(r.stdout).not.toContain('…');
    expect(r.stdout).not.toContain(emu.keys.sandbox);
  });

  it('reports a missing key (exit 8) with the command that fixes it, and still whether the service is up (GET /health needs no key)', async () => {
    const r = await doctor({ MAILCTL_BASE_URL: emu.baseUrl });
    expect(r.code).toBe(8);
    expect(r.check('key')).toMatchObject({ status: 'fail', fix: expect.stringContaining('mailctl auth login') });
    expect(r.check('service')).toMatchObject({ status: 'pass', detail: expect.stringContaining('ok') });
    expect(r.check('auth')).toBeUndefined();
    expect(r.stderr).toContain('error: 1 of');
    expect(emu.requests.map((q) => [q.method, q.path, q.headers.authorization])).toEqual([['GET', '/health', undefined]]);
  });

  it.each([
    [['--profile', 'stagign'], {}],
    [[], { MAILCTL_PROFILE: 'stagign' }],
  ])('a profile named by %j / %j that does not exist fails the profile row (exit 8), listing the known ones', async (args, env) => {
    const dir = join(tempDir(), 'cfg');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: {}, staging: {} } }), { mode: 0o600 });
    const r = await doctor({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, ...env }, ['--json', ...args], dir);
    expect(r.code).toBe(8);
    expect(r.check('profile')).toMatchObject({ status: 'fail', detail: expect.stringContaining('no profile named "stagign"'), fix: 'known profiles: default, staging' });
  });

  it('reports a key that cannot be one (a space in it) without sending it', async () => {
    const r = await doctor({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: 'two words' });
    expect(r.code).toBe(8);
    expect(r.check('key')).toMatchObject({ status: 'fail', detail: expect.stringContaining('cannot be a key') });
    expect(r.check('auth')).toBeUndefined();
    expect(emu.requests.map((q) => [q.path, q.headers.authorization])).toEqual([['/health', undefined]]);
  });

  it('reports a key the API refuses (401) after one request, never retried', async () => {
    const bad = `live_${'x'.repeat(64)}`;
    const r = await doctor({ MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: bad });
    expect(r.code).toBe(8);
    expect(r.check('auth')).toMatchObject({ status: 'fail', detail: expect.stringContaining('401') });
    expect(emu.requests.map((q) => q.path)).toEqual(['/health', '/auth/check']);
    expect(r.stdout + r.stderr).not.toContain(bad);
  });

  it('works with a sandbox key and says what it cannot do (exit 8), without showing the key', async () => {
    const r = await doctor(emulatorEnv(emu, 'sandbox'));
    expect(r.code).toBe(8);
    expect(notPassing(r.report)).toEqual(['key']);
    expect(r.check('key')!.detail).toContain('sandbox key');
    expect(r.check('auth')!.status).toBe('pass');
    expect(emu.requests).toHaveLength(4);
    expect(r.stdout + r.stderr).not.toContain(emu.keys.sandbox);
  });

  it('reports an unreachable host without spending a request', async () => {
    const closed = await scriptedServer([json(200, {})]);
    await closed.close();
    const r = await doctor({ MAILCTL_BASE_URL: closed.baseUrl, MAILCTL_API_KEY: emu.keys.full });
    expect(r.code).toBe(8);
    expect(r.check('connection')).toMatchObject({ status: 'fail', detail: expect.stringContaining('connection refused') });
    expect(r.check('auth')).toBeUndefined();
  });

  it('reports an untrusted certificate with the NODE_EXTRA_CA_CERTS fix, and passes with it', async () => {
    const bad = await doctor(emulatorEnv(tlsEmu));
    expect(bad.code).toBe(8);
    expect(bad.check('tls')).toMatchObject({ status: 'fail', detail: expect.stringContaining('unknown authority'), fix: expect.stringContaining('NODE_EXTRA_CA_CERTS') });
    expect(tlsEmu.requests).toHaveLength(0);
    // spawned: Node trusts NODE_EXTRA_CA_CERTS only as a process starts (the API client adds no CA of its own)
    const spawned = await runSpawned(['doctor', '--json'], { env: { ...emulatorEnv(tlsEmu), NODE_EXTRA_CA_CERTS: tlsEmu.caPath! } });
    expect(spawned.code, spawned.stderr).toBe(0);
    expect((JSON.parse(spawned.stdout) as Report).checks.find((c) => c.name === 'tls')!.detail).toContain('NODE_EXTRA_CA_CERTS');
    expect(tlsEmu.requests).toHaveLength(4);
  });

  it('reports a skewed clock from the server\'s Date header', async () => {
    const skewed = { date: new Date(Date.now() - 10 * 60_000).toUTCString() };
    const server = await scriptedServer([
      ...remoteAnswers(skewed),
    ]);
    try {
      const r = await doctor({ MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full });
      expect(r.code).toBe(8);
      expect(notPassing(r.report)).toEqual(['clock']);
      expect(r.check('clock')).toMatchObject({ status: 'fail', detail: expect.stringMatching(/ahead of the server/), fix: expect.stringContaining('timedatectl') });
      expect(server.seen).toHaveLength(4);
    } finally {
      await server.close();
    }
  });

  // The clock is judged on the answer's arrival: a request that first waited for the rate
  // limit (here a minute, on the fake clock) was sent long after doctor asked for it.
  it('judges the clock on when the answer came, not counting a wait for the rate limit', async () => {
    const start = Date.parse('2026-11-26T10:00:00Z');
    const at = (ms: number) => ({ date: new Date(ms).toUTCString() });
    const spent = { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(start / 1000 + 60) };
    const later = at(start + 60_000);
    const server = await scriptedServer([
      json(200, { message: 'ok', data: { status: 'ok' } }, { ...at(start), ...spent }),
      json(200, { message: 'ok', data: { team_id: 1 } }, later),
      json(200, { message: 'ok', data: { domains: [] } }, later),
      json(200, { message: 'ok', data: { webhooks: [] } }, later),
    ]);
    try {
      const r = await runCli(['doctor', '--json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full }, clock: fakeClock(start) });
      const clock = (JSON.parse(r.stdout) as Report).checks.find((c) => c.name === 'clock');
      expect(clock).toMatchObject({ status: 'pass', detail: 'in step with the server (within 1 s)' });
    } finally {
      await server.close();
    }
  });

  it('reads the rate-limit budget, and a spent sandbox day budget fails', async () => {
    const headers = {
      'x-ratelimit-limit': '3',
      'x-ratelimit-remaining': '2',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
      'x-sandbox-ratelimit-minute-limit': '10',
      'x-sandbox-ratelimit-minute-remaining': '9',
      'x-sandbox-ratelimit-day-limit': '100',
      'x-sandbox-ratelimit-day-remaining': '0',
    };
    const server = await scriptedServer([
      ...remoteAnswers(headers),
    ]);
    try {
      const r = await doctor({ MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full });
      expect(r.code).toBe(8);
      expect(notPassing(r.report)).toEqual(['rate_limit']);
      expect(r.check('rate_limit')).toMatchObject({
        status: 'fail',
        detail: '2 of 3 requests left this second; sandbox: 9 of 10 this minute; 0 of 100 today: the sandbox key\'s daily budget is spent',
      });
    } finally {
      await server.close();
    }
  });

  it('reports the free-tier quota left from X-Daily-* / X-Monthly-*, and a spent day as needing attention', async () => {
    const reset = Math.floor(Date.now() / 86_400_000 + 1) * 86_400;
    const quota = { 'x-daily-limit': '100', 'x-daily-remaining': '0', 'x-daily-reset': String(reset), 'x-monthly-limit': '3000', 'x-monthly-remaining': '2900' };
    const server = await scriptedServer(remoteAnswers(quota));
    try {
      const r = await doctor({ MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full });
      expect(r.code).toBe(8);
      expect(notPassing(r.report)).toEqual(['quota']);
      expect(r.check('quota')!.detail).toBe(`free tier: 0 of 100 emails left today, 2900 of 3000 this month: sending stops until ${new Date(reset * 1000).toISOString()}`);
    } finally {
      await server.close();
    }
  });

  it('warns when no sending domain is approved and verified', async () => {
    const answers = remoteAnswers({});
    answers[2] = json(200, { message: 'ok', data: { domains: [{ domain: 'new.example', status: 'pending', can_send: false, dkim_status: null }] } });
    const server = await scriptedServer(answers);
    try {
      const r = await doctor({ MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full });
      expect(notPassing(r.report)).toEqual(['domains']);
      expect(r.check('domains')!.detail).toBe('0 of 1 sending domains approved and verified; not verified: new.example (pending)');
    } finally {
      await server.close();
    }
  });

  it('reports an enabled webhook whose deliveries fail, with when it last succeeded', async () => {
    const hook = [...emu.store.teams.main.webhooks.values()].find((w) => w.enabled)!;
    const saved = { ...hook };
    Object.assign(hook, { last_status: 'failure', last_failure_at: Date.now() - 60_000 });
    try {
      const r = await doctor(emulatorEnv(emu));
      expect(r.code).toBe(8);
      expect(notPassing(r.report)).toEqual(['webhooks']);
      expect(r.check('webhooks')!.detail).toContain(hook.name);
      expect(r.check('webhooks')!.detail).toContain('last succeeded');
    } finally {
      Object.assign(hook, saved);
    }
  });

  it('reports a config file others can read, with the chmod that fixes it', async () => {
    const dir = join(tempDir(), 'cfg');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { base_url: emu.baseUrl, api_key: emu.keys.full, key_storage: 'file' } } }));
    chmodSync(file, 0o644);
    const r = await doctor({}, ['--json'], dir);
    expect(r.code).toBe(8);
    expect(r.check('config')).toMatchObject({ status: 'warn', fix: `chmod 600 ${file}` });
    expect(r.check('key')!.detail).toContain('config file');
  });

  it('reports a bad setting of the profile or the environment as its row (exit 8), sending nothing; a bad flag stays a usage error', async () => {
    const dir = join(tempDir(), 'cfg');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { base_url: emu.baseUrl, api_key: emu.keys.full, key_storage: 'file', timeout: 'soon' } } }), { mode: 0o600 });
    const profile = await doctor({}, ['--json'], dir);
    expect(profile.code, profile.stderr).toBe(8);
    expect(profile.check('config')).toMatchObject({ status: 'pass' });
    expect(profile.check('profile')).toMatchObject({ status: 'fail' });
    expect(profile.check('profile')!.detail).toContain('timeout in profile "default"');
    expect(profile.check('profile')!.fix).toMatch(/^mailctl config list/);
    const env = await doctor({ ...emulatorEnv(emu), MAILCTL_BASE_URL: 'ftp://mail.example' });
    expect(env.code, env.stderr).toBe(8);
    expect(env.check('profile')!.detail).toContain('MAILCTL_BASE_URL must be an http or https URL');
    // config set cannot change what the environment says
    expect(env.check('profile')!.fix).toBe('fix or unset MAILCTL_BASE_URL');
    expect(env.stdout).not.toContain(emu.keys.full);
    expect(emu.requests).toHaveLength(0);
    const flag = await doctor(emulatorEnv(emu), ['--json', '--timeout', 'soon']);
    expect(flag.code).toBe(2);
    expect(flag.stdout).toBe('');
  });

  it('reports a config file that is not JSON as a failing config row (exit 8), with the fix', async () => {
    const dir = join(tempDir(), 'cfg');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"profiles": {', { mode: 0o600 });
    const r = await doctor(emulatorEnv(emu), ['--json'], dir);
    expect(r.code, r.stderr).toBe(8);
    expect(r.check('config')).toMatchObject({ status: 'fail' });
    expect(r.check('config')!.detail).toContain(file);
    expect(r.check('config')!.fix).toMatch(/fix or remove/);
    expect(emu.requests).toHaveLength(0);
  });

  it('names the proxy it goes through, and never its credentials', async () => {
    const proxy = await testProxy({ auth: 'ops:pr0xy-pa55' });
    try {
      const r = await doctor({ ...emulatorEnv(emu), HTTP_PROXY: proxy.urlWith('ops:pr0xy-pa55') });
      expect(r.code, r.stderr).toBe(0);
      expect(r.check('proxy')!.detail).toContain(`127.0.0.1:${proxy.port} (HTTP_PROXY, with credentials)`);
      expect(r.check('auth')!.detail).toContain(`via proxy 127.0.0.1:${proxy.port}`);
      expect(proxy.seen.map((p) => p.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
      expect(r.stdout + r.stderr).not.toMatch(/pr0xy-pa55|ops:/);
      await proxy.close();
      const down = await doctor({ ...emulatorEnv(emu), HTTP_PROXY: proxy.url });
      expect(down.code).toBe(8);
      expect(down.check('proxy')).toMatchObject({ status: 'fail', fix: expect.stringContaining('HTTP_PROXY') });
    } finally {
      await proxy.close();
    }
  });
});

describe('mailctl doctor, the proxy row without a proxy', () => {
  it('names the variables of the base URL\'s scheme, not HTTPS_PROXY as unset when it is set', async () => {
    const r = await doctor({ ...emulatorEnv(emu), HTTPS_PROXY: 'http://127.0.0.1:9' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.check('proxy')!.detail).toBe('none: direct connection (no HTTP_PROXY or ALL_PROXY set, which an http:// URL would use)');
    const t = await doctor({ ...emulatorEnv(tlsEmu), NODE_EXTRA_CA_CERTS: tlsEmu.caPath! });
    expect(t.check('proxy')!.detail).toBe('none: direct connection (no HTTPS_PROXY or ALL_PROXY set, which an https:// URL would use)');
  });
});

describe('mailctl doctor, spawned', () => {
  it('exits 0 on a healthy emulator and 8 with the rows still on stdout when a check fails', async () => {
    // the healthy rows in-process; the process's exit 0 is the trusted run's below
    const ok = await runCli(['doctor'], { env: emulatorEnv(emu) });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.trim().split('\n')).toHaveLength(14);
    const bad = await runSpawned(['doctor', '--json'], { env: emulatorEnv(tlsEmu) });
    expect(bad.code).toBe(8);
    expect((JSON.parse(bad.stdout) as Report).ok).toBe(false);
    expect(bad.stderr).toMatch(/^error: 1 of 7 checks did not pass: tls\n/);
    const trusted = await runSpawned(['doctor'], { env: { ...emulatorEnv(tlsEmu), NODE_EXTRA_CA_CERTS: tlsEmu.caPath! } });
    expect(trusted.code, trusted.stderr).toBe(0);
  });
});

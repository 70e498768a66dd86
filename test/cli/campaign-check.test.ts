// `campaign check` and `campaign schedule --check` against the emulator's
// pre-flight drafts: each fails exactly its own check; the ready one passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, runCli as runSpawned } from '../helpers/cli.js';
import { fakeClock, runCliInProcess as runCli, runInProcess } from '../helpers/context.js';
import { scriptedServer } from '../helpers/server.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 500 });
});
afterAll(() => emu.close());

const NAMES = ['state', 'subject', 'sender', 'content', 'from_email', 'reply_to', 'unsubscribe_link', 'recipients', 'key', 'lead_time'];

async function check(id: string, ...args: string[]) {
  const r = await runCli(['campaign', 'check', id, '--json', ...args], { env: emulatorEnv(emu) });
  return { ...r, doc: r.stdout ? JSON.parse(r.stdout) : undefined };
}

const failing = (doc: { checks: Array<{ name: string; ok: boolean }> }) => doc.checks.filter((c) => !c.ok).map((c) => c.name);

describe('campaign check', () => {
  it('passes on the ready draft: exit 0, every check ok, one GET of the campaign', async () => {
    emu.clearRequests();
    const r = await check(emu.fixtures.preflight.ready, '--at', '+1h');
    expect(r.code, r.stderr).toBe(0);
    expect(r.doc.ok).toBe(true);
    expect(r.doc.checks.map((c: { name: string }) => c.name)).toEqual(NAMES);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /campaigns/${emu.fixtures.preflight.ready}`]);
  });

  // No seeded draft has a malformed from_email or reply_to: the service's schema forbids one.
  it.each(['subject', 'sender', 'content', 'unsubscribe_link', 'recipients'])(
    'fails the %s check on the draft made to fail it (exit 8, the row says how to fix it)',
    async (name) => {
      const r = await check(emu.fixtures.preflight.failing[name]!);
      expect(r.code, r.stderr).toBe(8);
      expect(r.doc.ok).toBe(false);
      const expected = name === 'sender' ? ['sender', 'from_email'] : name === 'content' ? ['content', 'unsubscribe_link'] : [name];
      expect(failing(r.doc)).toEqual(expected);
      expect(r.doc.checks.find((c: { name: string }) => c.name === name).detail).toMatch(/: /);
      expect(r.stderr).toMatch(/^error: campaign .*checks failed/m);
    },
  );

  it('fails the state check on a sent campaign', async () => {
    const r = await check(emu.fixtures.campaigns.sent);
    expect(r.code).toBe(8);
    expect(failing(r.doc)).toEqual(['state']);
  });

  it('fails the key check for a sandbox key, and the lead time below --min-lead', async () => {
    const sandbox = await runCli(['campaign', 'check', emu.fixtures.preflight.ready, '--json'], { env: emulatorEnv(emu, 'sandbox') });
    expect(sandbox.code).toBe(8);
    expect(failing(JSON.parse(sandbox.stdout))).toEqual(['key']);
    const soon = await check(emu.fixtures.preflight.ready, '--at', '+5m');
    expect(soon.code).toBe(8);
    expect(failing(soon.doc)).toEqual(['lead_time']);
    const ok = await check(emu.fixtures.preflight.ready, '--at', '+5m', '--min-lead', '2m');
    expect(ok.code).toBe(0);
  });

  it('--health adds the last 7 days\' verdict: the default emulator mix is critical', async () => {
    emu.clearRequests();
    const r = await check(emu.fixtures.preflight.ready, '--health');
    expect(r.code).toBe(8);
    expect(failing(r.doc)).toEqual(['health']);
    expect(r.doc.checks.at(-1).detail).toMatch(/complaint [\d.]+% critical/);
    expect(emu.requests.filter((q) => q.path === '/emails/events').every((q) => q.query.per_page === '100')).toBe(true);
    const healthy = await startEmulator({ events: 500, scenario: 'healthy' });
    try {
      const h = await runCli(['campaign', 'check', healthy.fixtures.preflight.ready, '--health', '--json'], { env: emulatorEnv(healthy) });
      expect(h.code, h.stdout).toBe(0);
    } finally {
      await healthy.close();
    }
  });

  it('a pipe gets one tab-separated row per check', async () => {
    const r = await runCli(['campaign', 'check', emu.fixtures.preflight.failing.subject!], { env: emulatorEnv(emu) });
    expect(r.code).toBe(8);
    const rows = r.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((row) => row[0])).toEqual(NAMES);
    expect(rows.find((row) => row[0] === 'subject')!.slice(1, 2)).toEqual(['fail']);
  });

  it('on a terminal, prints the checklist of doctor: one line per check, the finding never cut', async () => {
    const r = await runInProcess(['campaign', 'check', emu.fixtures.preflight.failing.unsubscribe_link!], { emulator: emu, stdoutIsTTY: true, columns: 50 });
    expect(r.exitCode).toBe(8);
    const lines = r.stdout.replace(/\u001b\[\d+m/g, '').trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[1])).toEqual(NAMES);
    expect(lines.find((l) => l.startsWith('✘ unsubscribe_link'))).toMatch(/no unsubscribe link in the content: add an unsubscribe link \(required by mailbox providers and the law\)$/);
    expect(lines.filter((l) => l.startsWith('✔ '))).toHaveLength(NAMES.length - 1);
    expect(r.stdout).not.toContain('…');
  });

  it('a bad id or --min-lead is exit 2 and nothing is sent', async () => {
    emu.clearRequests();
    expect((await runCli(['campaign', 'check', 'nope'], { env: emulatorEnv(emu) })).code).toBe(2);
    const r = await runCli(['campaign', 'check', emu.fixtures.preflight.ready, '--min-lead', 'soon'], { env: emulatorEnv(emu) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--min-lead/);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('campaign schedule --check', () => {
  it('sends nothing when a check fails (exit 8 from the binary, the checks on stdout)', async () => {
    emu.clearRequests();
    const id = emu.fixtures.preflight.failing.unsubscribe_link!;
    const r = await runSpawned(['campaign', 'schedule', id, '--at', '+1h', '--check'], { env: emulatorEnv(emu) });
    expect(r.code).toBe(8);
    expect(r.stdout).toMatch(/^unsubscribe_link\tfail\t/m);
    expect(emu.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
    expect(emu.store.teams.main.campaigns.get(id)!.status).toBe('draft');
  });

  it('schedules once every check passes', async () => {
    emu.clearRequests();
    const id = emu.fixtures.preflight.ready;
    const r = await runCli(['campaign', 'schedule', id, '--at', '+1h', '--check', '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'scheduled' });
    expect(r.stderr).toMatch(/pre-flight: 10 checks passed/);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /campaigns/${id}`, `POST /campaigns/${id}/schedule`]);
  });

  it('a sandbox key fails the key check before anything is sent', async () => {
    emu.clearRequests();
    const r = await runCli(['campaign', 'schedule', emu.fixtures.campaigns.draft, '--at', '+1h', '--check'], { env: emulatorEnv(emu, 'sandbox') });
    expect(r.code).toBe(8);
    expect(emu.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
  });
  // the same checks as `campaign check`, tuned the same way
  it('--min-lead and --health tune the pre-flight as they tune campaign check', async () => {
    const id = emu.fixtures.preflight.ready;
    emu.clearRequests();
    const early = await runCli(['campaign', 'schedule', id, '--at', '+5m', '--check'], { env: emulatorEnv(emu) });
    expect(early.code).toBe(8);
    expect(early.stdout).toMatch(/^lead_time\tfail\t/m);
    expect(emu.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
    const sick = await runCli(['campaign', 'schedule', id, '--at', '+1h', '--check', '--health'], { env: emulatorEnv(emu) });
    expect(sick.code).toBe(8);
    expect(sick.stdout).toMatch(/^health\tfail\t/m);
    expect(emu.requests.some((q) => q.path === '/emails/events')).toBe(true);
    expect(emu.requests.filter((q) => q.method === 'POST')).toHaveLength(0);
    emu.clearRequests();
    const loose = await runCli(['campaign', 'schedule', id, '--at', '+5m', '--check', '--min-lead', '2m', '--json'], { env: emulatorEnv(emu) });
    expect(loose.code, loose.stderr).toBe(0);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /campaigns/${id}`, `POST /campaigns/${id}/schedule`]);
  });

  it('--min-lead or --health without --check is a usage error, nothing sent', async () => {
    emu.clearRequests();
    const r = await runCli(['campaign', 'schedule', emu.fixtures.preflight.ready, '--at', '+1h', '--min-lead', '2m'], { env: emulatorEnv(emu) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --min-lead: goes with --check/m);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('a scheduled_at without an offset is UTC (spec 4.6), whatever the machine zone', () => {
  const saved = process.env.TZ;
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('TZ=America/New_York: a campaign scheduled two hours ago by UTC fails the lead time (read as New York time it would be three hours ahead)', async () => {
    process.env.TZ = 'America/New_York';
    const clock = fakeClock();
    const ready = await runInProcess(['campaign', 'show', emu.fixtures.preflight.ready, '--json'], { emulator: emu });
    const bare = new Date(clock.now() - 2 * 3_600_000).toISOString().slice(0, 19);
    const campaign = { ...JSON.parse(ready.stdout), status: 'scheduled', scheduled_at: bare };
    const server = await scriptedServer([
      (req, res) => {
        const found = req.url.startsWith(`/campaigns/${campaign.id}`);
        res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(found ? { message: 'ok', data: campaign } : { message: 'Not found.', error_code: 'not_found' }));
      },
    ]);
    try {
      const r = await runInProcess(['campaign', 'check', campaign.id, '--json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full }, clock });
      const lead = JSON.parse(r.stdout).checks.find((c: { name: string }) => c.name === 'lead_time');
      expect(lead.ok, lead.detail).toBe(false);
      expect(r.exitCode).toBe(8);
    } finally {
      await server.close();
    }
  });
});

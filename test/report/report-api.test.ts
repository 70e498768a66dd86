// `report` against the emulator: the counts and rates it prints are compared
// with counts computed here from the very events the emulator served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, ndjson, runCli as runSpawned } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { countsOf, expectedOf, groupBy, type ApiEvent } from './fixtures.js';

let emu: Emulator;
let served: ApiEvent[];
const DAY = 86_400_000;

beforeAll(async () => {
  emu = await startEmulator({ events: 3000 });
  // Every event of the last 7 days, exactly as the emulator serves them (an independent listing).
  const list = await runCli(['events', 'list', '--all', '--ndjson', '--from', '8d'], { env: emulatorEnv(emu) });
  expect(list.code, list.stderr).toBe(0);
  served = ndjson(list.stdout) as ApiEvent[];
});
afterAll(() => emu.close());

function inWindow(from: number, to: number): ApiEvent[] {
  return served.filter((e) => Date.parse(e.timestamp) >= from && Date.parse(e.timestamp) <= to);
}

describe('report from the API', () => {
  it.each(['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'])('--by %s: totals and every row match the served events', async (by) => {
    emu.clearRequests();
    const r = await runCli(['report', '--by', by, '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const events = inWindow(Date.parse(doc.window.from), Date.parse(doc.window.to));
    expect(Date.parse(doc.window.to) - Date.parse(doc.window.from)).toBe(7 * DAY);
    expect(events.length).toBeGreaterThan(1000);
    expect(countsOf(doc.totals)).toEqual(expectedOf(events));
    const groups = groupBy(by, events);
    const rows = new Map<string, Record<string, unknown>>(doc.rows.map((row: { key: string }) => [row.key, row]));
    for (const [key, group] of groups) expect(countsOf(rows.get(key)!), `row ${key}`).toEqual(expectedOf(group));
    // Rows without events exist only for time breakdowns (every day or hour of the window).
    for (const [key, row] of rows) if (!groups.has(key)) expect(row.events, `row ${key}`).toBe(0);
    if (by === 'day') expect(doc.rows).toHaveLength(8);
    // One pass over the pages at per_page=100, over the covering days, down to the page that
    // reaches back past the window's start (newest first: the rest of that day is older).
    const reqs = emu.requests.filter((q) => q.path === '/emails/events');
    expect(reqs.length).toBe(emu.requests.length);
    expect(served.filter((e) => Date.parse(e.timestamp) < Date.parse(doc.window.from)).length).toBeGreaterThan(100);
    expect(reqs.length).toBe(Math.floor(events.length / 100) + 1);
    expect(reqs.every((q) => q.query.per_page === '100')).toBe(true);
    expect(reqs[0]!.query).toMatchObject({ from: doc.window.from.slice(0, 10), to: doc.window.to.slice(0, 10) });
  });

  it('an exact sub-day window (--from 6h) counts only the events of those six hours', async () => {
    const r = await runCli(['report', '--from', '6h', '--by', 'hour', '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Date.parse(doc.window.to) - Date.parse(doc.window.from)).toBe(6 * 3_600_000);
    const events = inWindow(Date.parse(doc.window.from), Date.parse(doc.window.to));
    expect(countsOf(doc.totals)).toEqual(expectedOf(events));
    expect(doc.rows.length).toBeGreaterThanOrEqual(6);
    expect(doc.rows.length).toBeLessThanOrEqual(7);
  });

  it('--json carries thresholds, verdicts and the judged signals; the default emulator mix is critical', async () => {
    const r = await runCli(['report', '--json', '--judge', 'bounce,complaint,open,click'], { env: emulatorEnv(emu) });
    const doc = JSON.parse(r.stdout);
    expect(doc.judged).toEqual(['bounce', 'complaint', 'open', 'click']);
    expect(doc.thresholds.bounce).toMatchObject({ warning: 2, critical: 5 });
    expect(doc.thresholds.complaint).toMatchObject({ warning: 0.1, critical: 0.3 });
    expect(doc.thresholds.open).toMatchObject({ warning: 15, critical: 10, direction: 'lower_is_worse' });
    expect(doc.verdicts.bounce).toBe('critical');
    expect(doc.verdicts.complaint).toBe('critical');
  });

  it('a pipe gets tab-separated rows, --output csv a header and the rows; verdicts go to stderr', async () => {
    const tsv = await runCli(['report'], { env: emulatorEnv(emu) });
    expect(tsv.code).toBe(0);
    const lines = tsv.stdout.trim().split('\n');
    expect(lines).toHaveLength(8);
    expect(lines[0]!.split('\t')).toHaveLength(19);
    expect(tsv.stderr).toMatch(/bounce critical, complaint critical/);
    const csv = await runCli(['report', '-o', 'csv', '--by', 'type'], { env: emulatorEnv(emu) });
    expect(csv.stdout.split('\r\n')[0]).toBe(
      'key,events,injections,deliveries,bounces,hard_bounces,soft_bounces,complaints,opens,clicks,unsubscribes,bounce_rate,bounce_verdict,complaint_rate,complaint_verdict,open_rate,open_verdict,click_rate,click_verdict',
    );
  });

  it('--campaign reads that campaign\'s events with exact start and end instants', async () => {
    emu.clearRequests();
    const id = emu.fixtures.campaignWithEvents;
    const r = await runCli(['report', '--campaign', id, '--from', '30d', '--by', 'type', '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const camp = emu.store.teams.main.campaigns.get(id)!;
    const injections = camp.events.filter((e) => e.type === 'injection').length;
    expect(doc.totals.injections).toBe(injections);
    expect(doc.totals.events).toBe(camp.events.length);
    expect(doc.totals.complaints).toBe(camp.events.filter((e) => e.type === 'spam_complaint').length);
    const reqs = emu.requests;
    expect(reqs.every((q) => q.path === `/campaigns/${id}/events` && q.query.limit === '100')).toBe(true);
    expect(reqs[0]!.query.start_date).toBe(doc.window.from);
  });

  it('bad input is exit 2 with the flag named, and nothing is sent', async () => {
    emu.clearRequests();
    for (const args of [['--by', 'week'], ['--judge', 'bounce,opens'], ['--fail-on', 'bad'], ['--from', 'soon'], ['--from', '1d', '--to', '3d'], ['--campaign', 'x']]) {
      const r = await runCli(['report', ...args], { env: emulatorEnv(emu) });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--(by|judge|fail-on|from|campaign)/);
      expect(r.stdout).toBe('');
    }
    expect(emu.requests).toHaveLength(0);
  });
});

describe('report --fail-on over the emulator scenarios', () => {
  // the last through the binary itself, for exit 8 end to end (hostile/exit-codes runs a gate that exits 0 and one that exits 8 spawned too)
  it.each([
    ['healthy', 'warning', 0, { bounce: 'healthy', complaint: 'healthy' }, runCli],
    ['critical-complaint', 'critical', 8, { bounce: 'healthy', complaint: 'critical' }, runCli],
    ['critical-complaint', 'warning', 8, { bounce: 'healthy', complaint: 'critical' }, runSpawned],
  ] as const)('scenario %s, --fail-on %s: exit %i', async (scenario, level, code, verdicts, run) => {
    const e = await startEmulator({ events: 3000, scenario });
    try {
      const r = await run(['report', '--fail-on', level, '--json'], { env: emulatorEnv(e) });
      expect(r.code, r.stderr).toBe(code);
      const doc = JSON.parse(r.stdout);
      expect(doc.verdicts).toMatchObject(verdicts);
      expect(doc.failing).toEqual(code === 8 ? ['complaint'] : []);
      if (code === 8) expect(r.stderr).toMatch(/--fail-on .*complaint rate critical/);
    } finally {
      await e.close();
    }
  });
});

describe('emulator --scenario', () => {
  it('accepts the three scenarios and refuses others (exit 2, naming the flag)', async () => {
    const bad = await runSpawned(['emulator', '--scenario', 'sunny']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--scenario/);
    expect(bad.stderr).toMatch(/mixed, healthy, critical-complaint/);
    await expect(startEmulator({ scenario: 'sunny' as never })).rejects.toThrow(/scenario/);
  });
});

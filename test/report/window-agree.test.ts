// Issue 27 item 3: `report` and `events list` resolve --from the same way (one
// resolver): `--from 7d` is exactly seven days back from now in both, both ask
// the API for the same covering dates, and both count the same events.
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY, MS_PER_HOUR } from '../../src/time-units.js';
import { emulatorEnv, ndjson, runCli } from '../helpers/cli.js';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';

const emu = useEmulator({ seed: 5, events: 3000 });
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('report --from 7d and events list --from 7d', () => {
  it.each([['7d'], ['36h'], ['yesterday']])('--from %s: the same covering dates and the same events', async (from) => {
    const clock = fakeClock(); // after the emulator made its events: none is newer than now
    const list = await runInProcess(['events', 'list', '--from', from, '--all', '--ndjson'], { emulator: emu, clock });
    expect(list.exitCode, list.stderr).toBe(0);
    const listed = list.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { timestamp: string });
    const report = await runInProcess(['report', '--from', from, '--json'], { emulator: emu, clock });
    expect(report.exitCode, report.stderr).toBe(0);
    const doc = JSON.parse(report.stdout);

    const dates = (r: typeof list) => r.requests.filter((q) => q.path === '/emails/events').map((q) => q.query.from);
    expect(new Set(dates(list))).toEqual(new Set(dates(report)));
    expect(listed.length).toBeGreaterThan(0);
    expect(doc.totals.events).toBe(listed.length);
    // the same first instant in both: not the midnight of the covering date
    const first = Date.parse(doc.window.from);
    if (from === '7d') expect(first).toBe(clock.now() - 7 * MS_PER_DAY);
    expect(listed.every((e) => Date.parse(e.timestamp) >= first)).toBe(true);
    expect(dates(list)[0]).toBe(utcDay(first));
  });
});

// The zone is the process's: these spawn the built CLI with a TZ of their own.
describe('calendar days of the display zone', () => {
  it('TZ=Asia/Kolkata: --from today starts at local midnight, asked as the covering UTC date; --utc at UTC midnight', async () => {
    const env = { ...emulatorEnv(emu), TZ: 'Asia/Kolkata' };
    const local = await runCli(['events', 'list', '--from', 'today', '--all', '--ndjson'], { env });
    expect(local.code, local.stderr).toBe(0);
    const utc = await runCli(['--utc', 'events', 'list', '--from', 'today', '--all', '--ndjson'], { env });
    expect(utc.code, utc.stderr).toBe(0);
    // local midnight in Kolkata (UTC+05:30) of the day it is there now
    const now = Date.now();
    const kolkataDay = new Date(now + 5.5 * MS_PER_HOUR).toISOString().slice(0, 10);
    const midnight = Date.parse(`${kolkataDay}T00:00:00+05:30`);
    const times = (out: string) => (ndjson(out) as Array<{ timestamp: string }>).map((e) => Date.parse(e.timestamp));
    expect(times(local.stdout).every((t) => t >= midnight)).toBe(true);
    expect(times(utc.stdout).every((t) => t >= Date.parse(`${utcDay(now)}T00:00:00Z`))).toBe(true);
    const asked = emu.requests.filter((q) => q.path === '/emails/events' && q.query.cursor === undefined).map((q) => q.query.from);
    expect(asked).toEqual([utcDay(midnight), utcDay(now)]);
  });
});

describe('the next-page command of a --utc listing', () => {
  it('TZ=Asia/Kolkata: repeats --utc, so its dates stay UTC days and it continues where the first page stopped', async () => {
    const env = { ...emulatorEnv(emu), TZ: 'Asia/Kolkata' };
    const window = ['--from', 'yesterday', '--to', 'yesterday'];
    const first = await runCli(['--utc', 'events', 'list', ...window, '--per-page', '5', '--ndjson'], { env });
    expect(first.code, first.stderr).toBe(0);
    const line = first.stderr.split('\n').find((l) => l.startsWith('  mailctl events list '));
    expect(line, first.stderr).toBeDefined();
    expect(line).toMatch(/ --utc$/);
    const next = await runCli(line!.trim().split(' ').slice(1), { env });
    expect(next.code, next.stderr).toBe(0);
    const both = await runCli(['--utc', 'events', 'list', ...window, '--per-page', '5', '--limit', '10', '--ndjson'], { env });
    const ids = (out: string) => (ndjson(out) as Array<{ event_id: string }>).map((e) => e.event_id);
    expect(ids(both.stdout)).toHaveLength(10);
    // yesterday's newest events (after 18:30 UTC) are outside Kolkata's yesterday: a hint without --utc dropped them
    expect([...ids(first.stdout), ...ids(next.stdout)]).toEqual(ids(both.stdout));
  });
});

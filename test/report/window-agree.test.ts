// Issue 27 item 3: `report` and `events list` resolve --from the same way (one
// resolver): `--from 7d` is exactly seven days back from now in both, both ask
// the API for the same covering dates, and both count the same events.
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY } from '../../src/time-units.js';
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

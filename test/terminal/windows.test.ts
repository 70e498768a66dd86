// Issue 16 item 2: windows shorter than a day are exactly that window. The API
// takes whole days, so the CLI asks for the covering days and keeps only the
// events inside [start, end).
import { describe, expect, it } from 'vitest';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

const HOUR = 3_600_000;
const emu = useEmulator({ seed: 11, events: 3000 });

type Ev = { event_id: string; timestamp: string };
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lines = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Ev);

/** Stored events with start <= t < end, newest first. */
function stored(start: number, end = Infinity): string[] {
  const log = emu.store.teams.main.events;
  const out: string[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const t = log.ts[i] as number;
    if (t >= start && t < end) out.push((log.render(i) as Ev).event_id);
  }
  return out;
}

describe('events list with a sub-day window', () => {
  it('--from 1h lists exactly the last hour, asking for the covering day', async () => {
    const clock = fakeClock();
    const now = clock.now();
    const r = await runInProcess(['events', 'list', '--from', '1h', '--all', '--ndjson', '--verbose'], { emulator: emu, clock });
    expect(r.exitCode, r.stderr).toBe(0);
    const got = lines(r.stdout);
    const want = stored(now - HOUR);
    expect(want.length).toBeGreaterThan(0);
    expect(got.map((e) => e.event_id)).toEqual(want);
    expect(got.every((e) => Date.parse(e.timestamp) >= now - HOUR)).toBe(true);
    const queries = r.requests.filter((q) => q.path === '/emails/events').map((q) => q.query);
    expect(queries[0]).toMatchObject({ from: day(now - HOUR) });
    expect(r.stderr).toContain('the API takes whole days');
    expect(r.stderr).toContain(new Date(now - HOUR).toISOString().slice(0, 16));
  });

  it('--from 3h --to 1h keeps [now-3h, now-1h), and a one-page listing shows the first page with rows', async () => {
    const clock = fakeClock();
    const now = clock.now();
    const r = await runInProcess(['events', 'list', '--from', '3h', '--to', '1h', '--per-page', '20', '--ndjson'], { emulator: emu, clock });
    expect(r.exitCode, r.stderr).toBe(0);
    const got = lines(r.stdout);
    expect(got.length).toBeGreaterThan(0);
    for (const e of got) {
      const t = Date.parse(e.timestamp);
      expect(t >= now - 3 * HOUR && t < now - HOUR, e.timestamp).toBe(true);
    }
    expect(got.map((e) => e.event_id)).toEqual(stored(now - 3 * HOUR, now - HOUR).slice(0, got.length));
    // the next-page command carries the exact instants, not the relative text
    expect(r.stderr).toContain(`--from ${new Date(now - 3 * HOUR).toISOString()}`);
  });

  it('stops at the page that reaches back past the window: no request for older pages, no next-page hint', async () => {
    const clock = fakeClock();
    const now = clock.now();
    const want = stored(now - HOUR);
    // the covering days hold older events too: without the stop their pages would be read
    expect(stored(Date.parse(`${day(now - HOUR)}T00:00:00Z`)).length).toBeGreaterThan(want.length + 40);
    const all = await runInProcess(['events', 'list', '--from', '1h', '--all', '--per-page', '20', '--ndjson'], { emulator: emu, clock });
    expect(all.exitCode, all.stderr).toBe(0);
    expect(lines(all.stdout).map((e) => e.event_id)).toEqual(want);
    expect(all.requests.filter((q) => q.path === '/emails/events')).toHaveLength(Math.floor(want.length / 20) + 1);
    const one = await runInProcess(['events', 'list', '--from', '1h', '--per-page', String(want.length + 5), '--ndjson'], { emulator: emu, clock });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(lines(one.stdout)).toHaveLength(want.length);
    expect(one.stderr).not.toContain('--cursor');
  });

  it('--limit counts the events kept, not the events read', async () => {
    const r = await runInProcess(['events', 'list', '--from', '2h', '--limit', '5', '--ndjson'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(5);
  });

  it('refuses a window that is empty by construction, before any request', async () => {
    const r = await runInProcess(['events', 'list', '--from', '1h', '--to', '2h'], { emulator: emu });
    expectUsageError(r, r.requests, '--from');
    expect(r.requests).toHaveLength(0);
  });
});

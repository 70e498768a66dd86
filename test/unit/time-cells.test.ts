// Times on a terminal are local, the zone's offset named once in the header (ttyHeader, at the
// table's `now`). A time on the other side of a daylight-saving change has another offset: it
// says its own, or the fall-back hour would read twice under an offset it does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ttyCell, ttyHeader } from '../../src/output/cells.js';
import { localIso, timeMs } from '../../src/output/instant-text.js';
import type { EmailEvent } from '../../src/api/emails.js';
import { oldestFirst } from '../../src/api/follow.js';
import { eventRow } from '../../src/archive/rows.js';
import { inWindow, type TimeWindow } from '../../src/input/window.js';
import { fromAccountEvent } from '../../src/report/events.js';
import { MS_PER_HOUR } from '../../src/time-units.js';
import { toDelivery, type ApiEvent } from '../../src/webhooks/format.js';

// TZ is read per process: set for these tests, restored after (workers are shared, not isolated)
const saved = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

type Row = [string, string, string, boolean, string];

// now: 2026-11-01T07:00:00Z, 02:00 EST, an hour after the fall-back change (06:00Z)
const FALL = Date.parse('2026-11-01T07:00:00Z');
// now: 2026-03-08T08:00:00Z, 04:00 EDT, an hour after the spring-forward change (07:00Z)
const SPRING = Date.parse('2026-03-08T08:00:00Z');

const ROWS: [number, ...Row][] = [
  [FALL, 'after the change: the header offset, none of its own', '2026-11-01T06:30:00.000+00:00', 'TIME (UTC-05:00)', false, '2026-11-01 01:30:00'],
  [FALL, 'before it: the same wall time, with its own offset', '2026-11-01T05:30:00.000+00:00', 'TIME (UTC-05:00)', false, '2026-11-01 01:30:00 -04:00'],
  [FALL, '--utc: no offset anywhere', '2026-11-01T05:30:00.000+00:00', 'TIME (UTC)', true, '2026-11-01 05:30:00'],
  [SPRING, 'after spring-forward: the header offset', '2026-03-08T07:30:00.000+00:00', 'TIME (UTC-04:00)', false, '2026-03-08 03:30:00'],
  [SPRING, 'before it', '2026-03-08T06:30:00.000+00:00', 'TIME (UTC-04:00)', false, '2026-03-08 01:30:00 -05:00'],
  [SPRING, 'months earlier, in summer time as now', '2025-07-01T12:00:00Z', 'TIME (UTC-04:00)', false, '2025-07-01 08:00:00'],
];

describe('local times across a daylight-saving change (TZ=America/New_York)', () => {
  it.each(ROWS)('%#: %s', (now, _what, iso, header, utc, cell) => {
    expect(ttyHeader('TIME', 'time', { utc, now: () => now })).toBe(header);
    expect(ttyCell(iso, 'time', now, utc)).toBe(cell);
  });
});

// Spec 4.6: a scheduled_at without an offset is UTC. A server that echoes the value as sent
// (`campaign schedule --at 2026-11-21T09:00:00` sends it so) must not be shown as local time.
const READ: [string, string | null | undefined, number | undefined][] = [
  ['Z', '2026-11-21T09:00:00Z', Date.parse('2026-11-21T09:00:00Z')],
  ['an offset', '2026-11-21T09:00:00+05:30', Date.parse('2026-11-21T03:30:00Z')],
  ['no offset: UTC', '2026-11-21T09:00:00', Date.parse('2026-11-21T09:00:00Z')],
  ['no offset, no seconds: UTC', '2026-11-21T09:00', Date.parse('2026-11-21T09:00:00Z')],
  ['no offset, a space, milliseconds: UTC', '2026-11-21 09:00:00.250', Date.parse('2026-11-21T09:00:00.250Z')],
  ['a date: its UTC midnight', '2026-11-21', Date.parse('2026-11-21T00:00:00Z')],
  ['unreadable', 'soon', undefined],
  ['null', null, undefined],
];

describe('times of the API without an offset are UTC (TZ=America/New_York)', () => {
  it.each(READ)('%s', (_what, value, ms) => {
    expect(timeMs(value)).toBe(ms);
  });
  it('a time cell and the local ISO time read an offset-less value as UTC', () => {
    const now = Date.parse('2026-11-20T19:15:00Z');
    expect(ttyCell('2026-11-21T09:00:00', 'time', now, true)).toBe('2026-11-21 09:00:00');
    expect(ttyCell('2026-11-21T09:00:00', 'time', now, false)).toBe('2026-11-21 04:00:00');
    expect(localIso(timeMs('2026-11-21T09:00:00')!)).toBe('2026-11-21T04:00:00-05:00');
  });
});

describe('every reader of an API time takes an offset-less one as UTC (TZ=America/New_York)', () => {
  // 09:00 without an offset is 09:00Z; read as New York time it would be 14:00Z.
  const bare = '2026-11-21T09:00:00';
  const ms = Date.parse('2026-11-21T09:00:00Z');
  it('a time window keeps it by its UTC instant', () => {
    const window = { fromMs: ms - MS_PER_HOUR, toMs: ms + MS_PER_HOUR };
    expect(inWindow(window as TimeWindow, bare)).toBe(true);
    expect(inWindow({ fromMs: ms + 4 * MS_PER_HOUR, toMs: ms + 6 * MS_PER_HOUR } as TimeWindow, bare)).toBe(false);
  });
  it('the archive stores its UTC instant', () => {
    const row = eventRow({ event_id: 'e1', type: 'delivery', timestamp: bare } as EmailEvent);
    expect(Array.isArray(row) && row[3]).toBe(ms);
  });
  it('a report counts it at its UTC instant', () => {
    expect(fromAccountEvent({ type: 'delivery', timestamp: bare })?.ms).toBe(ms);
  });
  it('webhook forward delivers it with the Unix seconds of its UTC instant', () => {
    const out = toDelivery({ event_id: 'e1', type: 'delivery', timestamp: bare } as ApiEvent);
    expect((out.msys as Record<string, { timestamp: string }>).message_event!.timestamp).toBe(String(ms / 1000));
  });
  it('--follow orders it among events with offsets by its UTC instant', () => {
    const later = { event_id: 'b', timestamp: '2026-11-21T10:00:00Z' } as EmailEvent;
    const early = { event_id: 'a', timestamp: bare } as EmailEvent;
    expect(oldestFirst([later, early]).map((e) => e.event_id)).toEqual(['a', 'b']);
  });
});

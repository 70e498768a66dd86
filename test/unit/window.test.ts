// Issue 27 item 3: one time-window resolver for every command. A relative span
// is exactly that span back from now; today, yesterday and plain dates are
// calendar days of the display zone; the API gets the covering UTC dates, and
// `cut` says when events outside the window must be dropped.
import { describe, expect, it } from 'vitest';
import { resolveWindow, type EventWindow } from '../../src/input/window.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../../src/time-units.js';

const now = Date.parse('2026-11-23T19:11:00Z'); // 00:41 on the 24th in Kolkata, 14:11 on the 23rd in New York
const at = (iso: string) => Date.parse(iso);
const resolve = (raw: { from?: string; to?: string }, zone: string) => resolveWindow(raw, now, { defaultDays: 10, zone });

type Row = [string, { from?: string; to?: string }, Partial<EventWindow>];

const UTC: Row[] = [
  ['no flags: the API default, nothing to cut', {}, { fromMs: now - 10 * MS_PER_DAY, toMs: now, cut: false }],
  ['30m: exactly 30 minutes', { from: '30m' }, { fromMs: now - 30 * MS_PER_MINUTE, toMs: now, from: '2026-11-23', cut: true }],
  ['24h: exactly a day', { from: '24h' }, { fromMs: now - 24 * MS_PER_HOUR, from: '2026-11-22', cut: true }],
  ['7d: exactly 7 days, not from midnight', { from: '7d' }, { fromMs: now - 7 * MS_PER_DAY, from: '2026-11-16', cut: true }],
  ['2w: exactly 14 days', { from: '2w' }, { fromMs: now - 14 * MS_PER_DAY, from: '2026-11-09', cut: true }],
  ['7d to today: today ends now', { from: '7d', to: 'today' }, { fromMs: now - 7 * MS_PER_DAY, toMs: now, to: '2026-11-23', cut: true }],
  ['today: from midnight, whole days', { from: 'today' }, { fromMs: at('2026-11-23T00:00:00Z'), from: '2026-11-23', cut: false }],
  ['yesterday, whole', { from: 'yesterday', to: 'yesterday' }, { fromMs: at('2026-11-22T00:00:00Z'), toMs: at('2026-11-23T00:00:00Z') - 1, from: '2026-11-22', to: '2026-11-22', cut: false }],
  ['dates: whole days, --to inclusive', { from: '2026-11-20', to: '2026-11-21' }, { fromMs: at('2026-11-20T00:00:00Z'), toMs: at('2026-11-22T00:00:00Z') - 1, cut: false }],
  ['an ISO date-time is that instant', { from: '2026-11-23T08:30:00+01:00' }, { fromMs: at('2026-11-23T07:30:00Z'), from: '2026-11-23', fromArg: '2026-11-23T08:30:00+01:00', cut: true }],
  ['--to 30m', { to: '30m' }, { toMs: now - 30 * MS_PER_MINUTE, to: '2026-11-23', cut: true }],
  ['a date of the first century', { from: '0099-12-31', to: '0100-01-01' }, { fromMs: at('0099-12-31T00:00:00Z'), toMs: at('0100-01-02T00:00:00Z') - 1, from: '0099-12-31', cut: false }],
  ['--to 0m is now', { from: '1h', to: '0m' }, { fromMs: now - MS_PER_HOUR, toMs: now, cut: true }],
];

const KOLKATA: Row[] = [
  ['today is the local day, asked as the covering UTC dates', { from: 'today' }, { fromMs: at('2026-11-23T18:30:00Z'), from: '2026-11-23', fromArg: '2026-11-24', cut: true }],
  ['yesterday, local', { from: 'yesterday', to: 'yesterday' }, { fromMs: at('2026-11-22T18:30:00Z'), toMs: at('2026-11-23T18:30:00Z') - 1, from: '2026-11-22', to: '2026-11-23', cut: true }],
  ['a date is the local day', { from: '2026-11-20', to: '2026-11-20' }, { fromMs: at('2026-11-19T18:30:00Z'), toMs: at('2026-11-20T18:30:00Z') - 1, from: '2026-11-19', to: '2026-11-20' }],
  ['7d is the same span in every zone', { from: '7d' }, { fromMs: now - 7 * MS_PER_DAY, from: '2026-11-16', cut: true }],
];

const NEW_YORK: Row[] = [
  ['today, local', { from: 'today' }, { fromMs: at('2026-11-23T05:00:00Z'), from: '2026-11-23', cut: true }],
  ['a day through its end', { from: '2026-11-22', to: 'yesterday' }, { fromMs: at('2026-11-22T05:00:00Z'), toMs: at('2026-11-23T05:00:00Z') - 1, from: '2026-11-22', to: '2026-11-23', cut: true }],
];

describe('resolveWindow', () => {
  for (const [zone, rows] of [['UTC', UTC], ['Asia/Kolkata', KOLKATA], ['America/New_York', NEW_YORK]] as const) {
    it.each(rows)(`${zone}: %s`, (_name, raw, want) => {
      expect(resolve(raw, zone)).toMatchObject(want);
    });
  }

  it.each([
    [{ from: '2026-11-22', to: '2026-11-21' }, '--from 2026-11-22 is after --to 2026-11-21'],
    [{ from: '1h', to: '2h' }, /^--from \S+ is after --to \S+: no event can match/],
    [{ from: '2026-11-24' }, '--from 2026-11-24 is in the future'],
    [{ to: '2026-11-12' }, /--to 2026-11-12 is before the default start of the range \(10 days ago/],
    [{ from: 'last tuesday' }, '--from must be a date YYYY-MM-DD'],
    [{ from: '2026-02-30' }, '--from is not a real date'],
    [{ to: '2026-01-01T24:00:00Z' }, '--to has an impossible time of day'],
    [{ from: '0m' }, '--from 0m is a span of no time'],
    [{ from: '999999d' }, '--from 999999d reaches back before the year 1'],
    [{ from: '0d', to: 'today' }, '--from 0d is a span of no time'],
  ])('refuses %j', (raw, message) => {
    expect(() => resolve(raw, 'UTC')).toThrow(message);
  });

  it('names the flags it is given (campaign events: --since/--until)', () => {
    expect(() => resolveWindow({ from: '2026-03-02', to: '2026-03-01' }, now, { defaultDays: Infinity, zone: 'UTC', flags: { from: '--since', to: '--until' } })).toThrow(
      '--since 2026-03-02 is after --until 2026-03-01',
    );
  });
});

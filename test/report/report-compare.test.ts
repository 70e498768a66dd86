// Issue 30: `report --compare previous|FROM..TO` gives every row and the totals
// the change of each rate (percentage points) and a verdict on it; `--fail-on
// rising` exits 8 when a judged rate moved the wrong way by half or more. From
// the API it costs one pass over each window at the largest page size.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MS_PER_DAY, MS_PER_HOUR } from '../../src/time-units.js';
import { newArchivePath, sync } from '../archive/support.js';
import { tempDir } from '../helpers/cli.js';
import { fakeClock, runCliInProcess, runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { writeArchive, type ApiEvent } from './fixtures.js';

const emu = useEmulator({ seed: 7, events: 3000 });
const SIGNALS = ['bounce', 'complaint', 'open', 'click'] as const;
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('report --compare from the API', () => {
  it('previous: one pass over each window at per_page 100, and changes that are the difference of the two reports', async () => {
    const clock = fakeClock();
    const r = await runInProcess(['report', '--from', '3d', '--compare', 'previous', '--json'], { emulator: emu, clock });
    expect(r.exitCode, r.stderr).toBe(0);
    const doc: Doc = JSON.parse(r.stdout);
    const from = Date.parse(doc.window.from);
    expect(from).toBe(clock.now() - 3 * MS_PER_DAY);
    // the 3 days just before
    expect(doc.compare.window).toEqual({ from: new Date(from - 3 * MS_PER_DAY).toISOString(), to: new Date(from - 1).toISOString() });

    // exactly two passes: each starts without a cursor, no cursor is asked for twice, every page at 100
    const reqs = r.requests.filter((q) => q.path === '/emails/events');
    expect(reqs).toHaveLength(r.requests.length);
    expect(reqs.every((q) => q.query.per_page === '100')).toBe(true);
    const firsts = reqs.filter((q) => q.query.cursor === undefined);
    expect(firsts.map((q) => [q.query.from, q.query.to])).toEqual([
      [doc.window.from.slice(0, 10), doc.window.to.slice(0, 10)],
      [doc.compare.window.from.slice(0, 10), doc.compare.window.to.slice(0, 10)],
    ]);
    const cursors = reqs.map((q) => q.query.cursor).filter(Boolean);
    expect(new Set(cursors).size).toBe(cursors.length);

    // the earlier totals are what a report of that window says on its own
    const alone = await runInProcess(['report', '--from', doc.compare.window.from, '--to', doc.compare.window.to, '--json'], { emulator: emu, clock });
    const earlier: Doc = JSON.parse(alone.stdout);
    expect(doc.compare.totals.events).toBe(earlier.totals.events);
    for (const s of SIGNALS) {
      expect(doc.compare.totals[`${s}_rate`]).toBe(earlier.totals[`${s}_rate`]);
      expect(doc.totals[`${s}_change`]).toBeCloseTo(doc.totals[`${s}_rate`] - earlier.totals[`${s}_rate`], 10);
      expect(['rising', 'falling', 'steady', 'new']).toContain(doc.totals[`${s}_trend`]);
    }
    // day rows match by place: the first day of the window against the first of the earlier one
    expect(doc.rows[0].bounce_change).toBeCloseTo(doc.rows[0].bounce_rate - earlier.rows[0].bounce_rate, 10);
  });

  it('--fail-on rising exits 8 when the judged bounce rate rose by half or more against the previous window, 0 otherwise', async () => {
    const clock = fakeClock();
    const listing = await runInProcess(['events', 'list', '--from', '4d', '--all', '--ndjson'], { emulator: emu, clock });
    const served = listing.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; timestamp: string });
    const rate = (from: number, to: number) => {
      const inside = served.filter((e) => Date.parse(e.timestamp) >= from && Date.parse(e.timestamp) <= to);
      const injected = inside.filter((e) => e.type === 'injection').length;
      const bounced = inside.filter((e) => e.type === 'bounce' || e.type === 'out_of_band').length;
      return injected === 0 ? null : (100 * bounced) / injected;
    };
    // six-hour windows of the last three days: one where the rate clearly rose by half, one where it clearly did not
    const SIX = 6 * MS_PER_HOUR;
    const end = Math.floor(clock.now() / MS_PER_HOUR) * MS_PER_HOUR;
    let rising: number | undefined;
    let steady: number | undefined;
    for (let from = end - SIX; from > end - 3 * MS_PER_DAY; from -= MS_PER_HOUR) {
      const [before, after] = [rate(from - SIX, from - 1), rate(from, from + SIX)];
      if (!before || after === null) continue;
      if (after >= 1.6 * before) rising ??= from;
      if (after <= 1.4 * before) steady ??= from;
    }
    expect(rising, 'the emulator data has a rising window').toBeDefined();
    expect(steady, 'the emulator data has a steady window').toBeDefined();
    const gate = (from: number) =>
      runInProcess(['report', '--from', new Date(from).toISOString(), '--to', new Date(from + SIX).toISOString(), '--judge', 'bounce', '--compare', 'previous', '--fail-on', 'rising', '--json'], { emulator: emu, clock });
    const up = await gate(rising!);
    expect(up.exitCode, up.stderr).toBe(8);
    expect(JSON.parse(up.stdout).compare.failing).toEqual(['bounce']);
    expect(up.stderr).toMatch(/^error: --fail-on rising: bounce rate rising \d+\.\d\d% → \d+\.\d\d% \(\+\d+\.\d\d points\)/m);
    const flat = await gate(steady!);
    expect(flat.exitCode, flat.stderr).toBe(0);
    expect(JSON.parse(flat.stdout).totals.bounce_trend).not.toBe('rising');
  });

  it('a pipe keeps the columns of a report without --compare, with the changes after them', async () => {
    const clock = fakeClock();
    const plain = await runInProcess(['report', '--from', '2d', '--by', 'type'], { emulator: emu, clock });
    const compared = await runInProcess(['report', '--from', '2d', '--by', 'type', '--compare', 'previous'], { emulator: emu, clock });
    expect(compared.exitCode, compared.stderr).toBe(0);
    const rows = (out: string) => out.trim().split('\n').map((l) => l.split('\t'));
    const [a, b] = [rows(plain.stdout), rows(compared.stdout)];
    expect(b.map((row) => row.slice(0, a[0]!.length))).toEqual(a);
    expect(b[0]!.length).toBe(a[0]!.length + 8);
    expect(compared.stderr).toMatch(/changes against .* bounce [+-]\d+\.\d\d points (rising|falling|steady|new)/);
    const csv = await runInProcess(['report', '--from', '2d', '--compare', 'previous', '-o', 'csv'], { emulator: emu, clock });
    expect(csv.stdout.split(/\r?\n/)[0]).toMatch(/,bounce_change,bounce_trend,complaint_change,complaint_trend,open_change,open_trend,click_change,click_trend$/);
  });

  it.each([
    [['--compare', '2026-13-01..2026-12-01'], '--compare'],
    [['--compare', 'yesterday'], '--compare'],
    [['--from', '7d', '--compare', '3d..now'], '--compare'], // overlaps the window
    [['--from', '7d', '--compare', '10d..8d', '--fields', 'key,bounce_change', '-o', 'csv'], undefined],
    [['--fields', 'bounce_change'], '--fields'], // a change needs --compare
    [['--fail-on', 'rising'], '--fail-on'],
  ])('%j', async (args, flag) => {
    const r = await runInProcess(['report', ...args], { emulator: emu });
    if (flag === undefined) {
      expect(r.exitCode, r.stderr).toBe(0);
      return;
    }
    expectUsageError(r, r.requests, flag);
  });
});

// From an archive: days of controlled mail, the earlier week against the report's week.
const BASE = Date.parse('2026-11-10T00:00:00Z');
let seq = 0;
function mail(n: number, bounced: number, dayOffset: number, opened = 0): ApiEvent[] {
  const out: ApiEvent[] = [];
  for (let i = 0; i < n; i++) {
    const t = (k: number) => new Date(BASE + dayOffset * MS_PER_DAY + i * 1000 + k).toISOString();
    const id = `tx${seq++}`;
    out.push({ event_id: `${id}a`, type: 'injection', timestamp: t(0), request_id: id, rcpt_to: `r${i}@example.com` });
    out.push({ event_id: `${id}b`, type: i < bounced ? 'bounce' : 'delivery', timestamp: t(1), request_id: id, rcpt_to: `r${i}@example.com`, bounce_class: 10 });
    if (i >= bounced && i < bounced + opened) out.push({ event_id: `${id}c`, type: 'initial_open', timestamp: t(2), request_id: id, rcpt_to: `r${i}@example.com` });
  }
  return out;
}
const WEEK = ['--from', '2026-11-10', '--to', '2026-11-16'];
/** An archive of 1,000 emails on the earlier day and 1,000 on the report's first day; reports only read it, so tests asking for the same share it. */
const archives = new Map<string, string>();
function archiveOf(before: number, after: number, earlierDay = -7): string {
  const key = `${before} ${after} ${earlierDay}`;
  if (!archives.has(key)) archives.set(key, writeArchive([...mail(1000, before, earlierDay), ...mail(1000, after, 0)]));
  return archives.get(key)!;
}
const report = (file: string, ...args: string[]) => runCliInProcess(['report', '--db', file, ...WEEK, ...args], { env: {} });

describe('report --db --compare', () => {
  it.each([
    ['0.8% to 1.7%: healthy, but rising', 8, 17, 'rising', 8],
    ['1.2% to 1.7%: less than half more, steady', 12, 17, 'steady', 0],
    ['0% to 1.7%: no base, new (never rising from nothing)', 0, 17, 'new', 0],
    ['1.7% to 0.8%: falling', 17, 8, 'falling', 0],
  ] as const)('%s', async (_name, before, after, trend, code) => {
    const file = archiveOf(before, after);
    const r = await report(file, '--compare', 'previous', '--fail-on', 'critical,rising', '--json');
    expect(r.code, r.stderr).toBe(code);
    const doc: Doc = JSON.parse(r.stdout);
    expect(doc.compare.window).toEqual({ from: '2026-11-03T00:00:00.000Z', to: '2026-11-09T23:59:59.999Z' });
    expect(doc.verdicts.bounce).toBe(after > 20 ? 'warning' : 'healthy');
    expect(doc.totals.bounce_trend).toBe(trend);
    expect(doc.totals.bounce_change).toBeCloseTo((after - before) / 10, 10);
    expect(doc.compare.failing).toEqual(code === 8 ? ['bounce'] : []);
    // day 1 against day 1: all of both weeks' mail fell on their first day
    expect(doc.rows[0].bounce_trend).toBe(trend);
    expect(doc.rows[1].bounce_trend).toBe(null); // no mail on the second days: no rate
    if (code === 8) expect(r.stderr).toMatch(/--fail-on rising: bounce rate rising 0\.80% → 1\.70% \(\+0\.90 points\)/);
  });

  it('a terminal shows each change with an arrow and its trend; the HTML report has a change column', async () => {
    const file = archiveOf(8, 17);
    const html = join(tempDir('mailctl-html-'), 'report.html');
    const r = await runInProcess(['report', '--db', file, ...WEEK, '--compare', 'previous', '--html', html], { stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('compared with 2026-11-03T00:00:00.000Z to 2026-11-09T23:59:59.999Z');
    expect(r.stdout).toMatch(/bounce rate +1\.70% +healthy +▲ \+0\.90 points rising/);
    expect(r.stdout).toMatch(/BOUNCE Δ/);
    expect(r.stdout).toMatch(/2026-11-10 +1\.70% healthy +\+0\.90 rising +0\.00% healthy +\+0\.00 steady/);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<p class="meta" id="compare">Compared with <time>2026-11-03T00:00:00.000Z</time>');
    expect(page).toMatch(/<td>bounce rate<\/td><td>1\.70%<\/td><td><span class="verdict healthy">healthy<\/span><\/td><td>0\.80%<\/td><td>\+0\.90 points<\/td><td><span class="verdict rising">rising<\/span><\/td>/);
    expect(page).toContain('<th>BOUNCE TREND</th>');
  });

  it('-o markdown: the change columns, the earlier window and the rising gate on the CI page', async () => {
    const file = archiveOf(8, 17);
    const r = await report(file, '--compare', 'previous', '--fail-on', 'rising', '-o', 'markdown');
    expect(r.code, r.stderr).toBe(8);
    expect(r.stdout).toContain('Changes against 2026-11-03 00:00 UTC to 2026-11-09 23:59 UTC.');
    expect(r.stdout).toContain('Fails `--fail-on rising`: bounce rate is rising.');
    expect(r.stdout).toMatch(/\| 2026-11-10 \|.*\| 0\.9 \| ⚠️ rising \|/);
  });

  // cli.md: "--fail-on rising exits 8 when a judged rate rose by half or more", whichever
  // way is worse for it: a judged open rate that jumps fails it, one that drops does not.
  it.each([
    ['rose from 10% to 20%: rising, the gate fails', 100, 200, 'rising', 8],
    ['dropped from 20% to 10%: worse, but not rising', 200, 100, 'falling', 0],
  ] as const)('--judge open --fail-on rising: an open rate that %s', async (_name, before, after, trend, code) => {
    const file = writeArchive([...mail(1000, 0, -7, before), ...mail(1000, 0, 0, after)]);
    const r = await report(file, '--compare', 'previous', '--judge', 'open', '--fail-on', 'rising', '--json');
    expect(r.code, r.stderr).toBe(code);
    const doc: Doc = JSON.parse(r.stdout);
    expect(doc.totals.open_trend).toBe(trend);
    expect(doc.compare.failing).toEqual(code === 8 ? ['open'] : []);
    expect(doc.compare.worse).toEqual(trend === 'falling' ? ['open'] : []);
    if (code === 8) expect(r.stderr).toMatch(/--fail-on rising: open rate rising 10\.00% → 20\.00%/);
  });

  it('an explicit earlier window; --fail-on critical alone ignores trends', async () => {
    const file = archiveOf(8, 17, -20);
    const r = await report(file, '--compare', '2026-10-21..2026-10-27', '--fail-on', 'critical', '--json');
    expect(r.code, r.stderr).toBe(0);
    const doc: Doc = JSON.parse(r.stdout);
    expect(doc.totals.bounce_trend).toBe('rising');
    expect(doc.compare.worse).toEqual(['bounce']);
    expect(doc.compare.failing).toEqual([]);
  });

  it('the --compare window must be in the archive too: a trend gate does not pass on days no sync read', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db, ['--from', '3d'])).code).toBe(0);
    const inside = await runCliInProcess(['report', '--db', db, '--from', '1d', '--compare', 'previous', '--fail-on', 'rising', '--json']);
    expect([0, 8], inside.stderr).toContain(inside.code);
    const outside = await runCliInProcess(['report', '--db', db, '--from', '2d', '--compare', 'previous', '--fail-on', 'rising', '--json']);
    expect(outside.code, outside.stderr).toBe(2);
    expect(outside.stdout).toBe('');
    expect(outside.stderr).toMatch(/--fail-on rising: the archive .* cannot compute the bounce rate .* for the --compare window/);
    // nor on a report window the archive lacks, when rising is the only gate
    const wide = await runCliInProcess(['report', '--db', db, '--from', '30d', '--compare', 'previous', '--fail-on', 'rising', '--json']);
    expect(wide.code, wide.stderr).toBe(2);
    expect(wide.stderr).toMatch(/^error: --fail-on rising: the archive .* cannot compute the bounce rate .*the gate cannot be judged/m);
    // without the trend gate the report is printed, with a warning
    const plain = await runCliInProcess(['report', '--db', db, '--from', '2d', '--compare', 'previous', '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/for the --compare window: its changes are not the account's/);
  });
});

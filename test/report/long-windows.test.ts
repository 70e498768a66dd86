// Issue 31 item 18: `report --from 100000d --by hour` built 2.4 million hour rows (136 s,
// 2.5 GB), and `report --db --from 1970-01-01 --by hour --html` died with "Maximum call stack
// size exceeded". `--by hour` windows are bounded (100 days: exit 2, hint --by day, nothing
// read); quiet rows are listed only while a window has at most 3,660 of them, so rows grow
// with the events, not the window; and the HTML path succeeds wherever the table does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { writeArchive, type ApiEvent } from './fixtures.js';

const emu = useEmulator({ seed: 31, events: 200 });
const clock = fakeClock();
const DAYS = ['1971-03-04T10:00:00Z', '1999-12-31T23:00:00Z', new Date(clock.now() - 86_400_000).toISOString()];
const events: ApiEvent[] = DAYS.flatMap((t, i) => [
  { event_id: `i${i}`, type: 'injection', timestamp: t, request_id: `r${i}`, rcpt_to: `u${i}@example.org` },
  { event_id: `d${i}`, type: 'delivery', timestamp: t, request_id: `r${i}`, rcpt_to: `u${i}@example.org` },
]);
const archive = writeArchive(events);
const fromDb = (args: string[]) => runInProcess(['report', '--db', archive, ...args], { emulator: false, key: null, clock });

describe('--by hour is bounded', () => {
  it('--from 100000d --by hour from the API: exit 2 naming --by day, not one request', async () => {
    const r = await runInProcess(['report', '--from', '100000d', '--by', 'hour'], { emulator: emu });
    expectUsageError(r, r.requests, '--by hour');
    expect(r.stderr).toContain('--by day');
  });

  it('--db --from 1970-01-01 --by hour --html: exit 2 naming --by day, and no HTML file', async () => {
    const html = join(tempDir('mailctl-long-'), 'r.html');
    const r = await fromDb(['--from', '1970-01-01', '--by', 'hour', '--html', html]);
    expectUsageError(r, [], '--by day');
    expect(existsSync(html)).toBe(false);
  });

  it('up to 100 days by hour is fine: every hour is a row, quiet ones as zero', async () => {
    const r = await runInProcess(['report', '--from', '100d', '--by', 'hour', '--json'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.rows).toHaveLength(100 * 24 + 1);
    expect(doc.quiet_rows_omitted).toBe(0);
  });
});

describe('rows grow with the events, not with the window', () => {
  it('--from 100000d --by day lists the days with events only and says how many quiet days it left out', async () => {
    const r = await fromDb(['--from', '100000d', '--by', 'day', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.rows.map((row: { key: string }) => row.key)).toEqual(DAYS.map((t) => t.slice(0, 10)));
    expect(doc.quiet_rows_omitted).toBeGreaterThan(99_000);
    expect(doc.totals.injections).toBe(3);
    expect(r.stderr).toMatch(/days without events: only the 3 with events are listed/);
  });

  it('a window of at most 3,660 days still lists its quiet days as zero rows', async () => {
    const r = await fromDb(['--from', '3000d', '--by', 'day', '--json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.rows.length).toBe(3001);
    expect(doc.rows.filter((row: { events: number }) => row.events > 0)).toHaveLength(1);
  });
});

describe('the HTML path succeeds wherever the table does', () => {
  it.each([
    ['--from', '1970-01-01', '--by', 'day'],
    ['--from', '100000d', '--by', 'day'],
    ['--from', '1970-01-01', '--by', 'hour'],
    ['--from', '90d', '--by', 'hour'],
  ])('%s %s %s %s', async (...args) => {
    const table = await fromDb(args);
    const html = join(tempDir('mailctl-long-'), 'r.html');
    const page = await fromDb([...args, '--html', html]);
    expect(page.exitCode, page.stderr).toBe(table.exitCode);
    expect(page.stdout).toBe(table.stdout);
    if (table.exitCode === 0) {
      const text = readFileSync(html, 'utf8');
      expect(text).toMatch(/<\/html>\n$/);
      // one chart draws at most 400 bars, however long the window
      const bars = text.match(/<svg id="chart-volume"[^]*?<\/svg>/)![0].match(/<rect class="bar/g) ?? [];
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.length).toBeLessThanOrEqual(400);
    }
  });
});

// Issue 31 item 28: `report` printed "bounces 40 (hard 4, soft 11)" and the parts did not add
// up. Every class is shown now (hard, soft, block, undetermined) and the remainder is labelled
// "other"; the JSON keeps hard_bounces and soft_bounces (the vendor's soft classes, blocks
// included) and gains block_bounces, undetermined_bounces and other_bounces.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fakeClock, runInProcess } from '../helpers/context.js';
import { scriptedServer } from '../helpers/server.js';
import { writeArchive, type ApiEvent } from './fixtures.js';

const clock = fakeClock();
const at = (i: number) => new Date(clock.now() - 3_600_000 + i * 1000).toISOString();

// 4 hard (10, 30, 100), 8 soft (20 21 22 25 40 70), 3 block (50 51 52), 2 undetermined (1),
// 3 other: auto-reply (60), a class outside the table (99), and no class at all.
const CLASSES: Array<number | undefined> = [10, 10, 30, 100, 20, 21, 22, 25, 40, 70, 20, 22, 50, 51, 52, 1, 1, 60, 99, undefined];
const EVENTS: ApiEvent[] = [
  ...CLASSES.map((c, i) => ({ event_id: `b${i}`, type: i % 5 === 0 ? 'out_of_band' : 'bounce', timestamp: at(i), request_id: `r${i}`, rcpt_to: `u${i}@example.org`, bounce_class: c })),
  ...Array.from({ length: 50 }, (_, i) => ({ event_id: `i${i}`, type: 'injection', timestamp: at(i), request_id: `r${i}`, rcpt_to: `u${i}@example.org` })),
];

let server: Awaited<ReturnType<typeof scriptedServer>>;
beforeAll(async () => {
  server = await scriptedServer([
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'ok', data: { events: { data: EVENTS, total_count: EVENTS.length, pagination: { next_cursor: null } } } }));
    },
  ]);
});
afterAll(() => server.close());

const api = (args: string[], tty = false) =>
  runInProcess(['report', '--from', '1d', ...args], {
    emulator: false,
    key: null,
    clock,
    stdoutIsTTY: tty,
    columns: 120,
    env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: `lttr_${'b'.repeat(64)}`, NO_COLOR: '1' },
  });

/** "bounces 20 (hard 4, soft 8, ...)": the total and its labelled parts. */
function bounceLine(text: string): { total: number; parts: Record<string, number> } {
  const m = /bounces ([\d,]+) \(([^)]*)\)/.exec(text);
  expect(m, text).not.toBeNull();
  const parts = Object.fromEntries(m![2]!.split(', ').map((p) => [p.split(' ')[0]!, Number(p.split(' ')[1]!.replace(/,/g, ''))]));
  return { total: Number(m![1]!.replace(/,/g, '')), parts };
}

const WANT = { hard: 4, soft: 8, block: 3, undetermined: 2, other: 3 };

describe('bounce classes in the report', () => {
  it('on a terminal the parts are every class and add up to the bounces', async () => {
    const r = await api([], true);
    expect(r.exitCode, r.stderr).toBe(0);
    const { total, parts } = bounceLine(r.stdout);
    expect(total).toBe(20);
    expect(parts).toEqual(WANT);
    expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('--json keeps its keys (soft_bounces: the vendor soft classes, blocks included) and gains the parts', async () => {
    const r = await api(['--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout).totals;
    expect(t).toMatchObject({ bounces: 20, hard_bounces: 4, soft_bounces: 11, block_bounces: 3, undetermined_bounces: 2, other_bounces: 3 });
    expect(t.hard_bounces + t.soft_bounces + t.undetermined_bounces + t.other_bounces).toBe(t.bounces);
  });

  it('the HTML report and --db (SQL over the archive) say the same', async () => {
    const html = join(tempDir('mailctl-bounce-'), 'r.html');
    const r = await api(['--html', html]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(bounceLine(readFileSync(html, 'utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).parts).toEqual(WANT);
    const file = writeArchive(EVENTS);
    const db = await runInProcess(['report', '--db', file, '--from', '1d', '--json'], { emulator: false, key: null, clock });
    expect(db.exitCode, db.stderr).toBe(0);
    expect(JSON.parse(db.stdout).totals).toMatchObject({ bounces: 20, hard_bounces: 4, soft_bounces: 11, block_bounces: 3, undetermined_bounces: 2, other_bounces: 3 });
    const tty = await runInProcess(['report', '--db', file, '--from', '1d'], { emulator: false, key: null, clock, stdoutIsTTY: true, env: { NO_COLOR: '1' } });
    expect(bounceLine(tty.stdout).parts).toEqual(WANT);
  });

  it('--fields can name a part in a pipe or CSV; the default columns are unchanged', async () => {
    const r = await api(['--by', 'type', '-o', 'csv', '--fields', 'key,bounces,block_bounces,other_bounces']);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('key,bounces,block_bounces,other_bounces');
    expect(lines).toContain('bounce,16,3,3');
    expect(lines).toContain('out_of_band,4,0,0');
  });
});

// Issue 31 item 27: on a terminal `events list` printed its summary and the next-page command
// above the table: the table waits in the pager's hold (or the pager) until the end, while
// stderr went out at once. Notices now follow the data, as gh prints them.
import { describe, expect, it, type TestContext } from 'vitest';
import { useEmulator } from '../helpers/context.js';
import { runOnTty } from '../helpers/tty.js';

const emu = useEmulator({ seed: 27, events: 400 });

/** The lines a 160x40 terminal shows, with what a live status line drew and cleared (\r, ESC[2K) taken out. */
const onTty = async (t: TestContext, args: string, env: Record<string, string> = {}) =>
  (await runOnTty(t, args, { rows: 40, cols: 160, env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, NO_COLOR: '1', ...env } })).out
    .split('\n')
    .map((l) => l.replace(/^[^]*\r/, '').replace(/\u001b\[[0-9;]*[A-Za-z]/g, ''));

/** Index of the first line matching `re` (fails when there is none). */
function lineOf(lines: string[], re: RegExp): number {
  const i = lines.findIndex((l) => re.test(l));
  expect(i, `no line matches ${re} in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
  return i;
}

describe('notices after the data on a terminal', () => {
  it('a short table: the rows, then the next-page hint', async (t) => {
    const lines = await onTty(t, 'events list --per-page 3');
    const header = lineOf(lines, /^TIME \(UTC/);
    const hint = lineOf(lines, /Next page:/);
    expect(hint).toBeGreaterThan(header + 3);
    expect(lines[hint + 1]).toMatch(/^ {2}mailctl events list .*--cursor /);
  });

  it('--limit: the rows, then the summary', async (t) => {
    const lines = await onTty(t, 'events list --limit 5');
    const header = lineOf(lines, /^TIME \(UTC/);
    const summary = lineOf(lines, /^events: 5 rows in 1 page/);
    expect(summary).toBeGreaterThan(header + 5);
  });

  it('a table longer than the screen goes through the pager, and the hint comes after it', async (t) => {
    const lines = await onTty(t, 'events list --per-page 60', { PAGER: 'sed s/^/paged:/' });
    const lastPaged = lines.findLastIndex((l) => l.startsWith('paged:'));
    expect(lastPaged).toBeGreaterThan(50);
    expect(lineOf(lines, /Next page:/)).toBeGreaterThan(lastPaged);
  });
});

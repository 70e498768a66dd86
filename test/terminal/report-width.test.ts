// cli.md "Deliverability report": on a TTY, the totals with coloured verdicts, then charts sized
// to the terminal. The totals fit the terminal too: a line wider than it wraps in the middle of
// a figure, and the verdict column no longer lines up.
import { describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';

const emu = useEmulator({ seed: 9, events: 3000 });

const visible = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

describe('the report on a terminal of 80 columns', () => {
  for (const extra of [[], ['--compare', 'previous']]) {
    it(`every line fits, every figure is there${extra.length ? ' (with --compare)' : ''}`, async () => {
      const r = await runInProcess(['report', '--from', '30d', ...extra], { emulator: emu, stdoutIsTTY: true, columns: 80 });
      expect(r.exitCode, r.stderr).toBe(0);
      const out = visible(r.stdout);
      for (const line of out.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
      expect(out).toMatch(/^ {2}bounces \d+ \(hard \d+, soft \d+, block \d+, undetermined \d+, other \d+\)/m);
      expect(out).toMatch(/unsubscribes \d+/);
      expect(out).toMatch(/^ {2}open rate .*\(not judged\)/m);
      expect(out).toMatch(/^ {2}bounce rate .*(critical|warning|healthy)/m);
    });
  }

  it('a wide terminal keeps each group of figures on one line and the thresholds beside the rates', async () => {
    const r = await runInProcess(['report', '--from', '30d', '--compare', 'previous'], { emulator: emu, stdoutIsTTY: true, columns: 160 });
    const out = visible(r.stdout);
    expect(out).toMatch(/^ {2}bounces \d+ \(.*\) {3}unsubscribes \d+$/m);
    expect(out).toMatch(/^ {2}bounce rate .*warning ≥ 2%, critical > 5%$/m);
  });
});

// cli.md "Additions": times in UTC unless --utc is left out, and the header says which. Day and
// hour rows are UTC days and hours in every zone (docs/report.md), so their header names UTC.
describe('the report table names the zone of its day and hour rows', () => {
  it('DAY (UTC) and HOUR (UTC), with or without --utc; other breakdowns unchanged', async () => {
    const header = async (args: string[]) => {
      const r = await runInProcess(['report', ...args], { emulator: emu, stdoutIsTTY: true, columns: 160 });
      expect(r.exitCode, r.stderr).toBe(0);
      return visible(r.stdout).split('\n').find((l) => /INJECTED/.test(l))!.trim().split(/\s{2,}/)[0];
    };
    expect(await header(['--from', '3d'])).toBe('DAY (UTC)');
    expect(await header(['--from', '3d', '--utc'])).toBe('DAY (UTC)');
    expect(await header(['--from', '6h', '--by', 'hour'])).toBe('HOUR (UTC)');
    expect(await header(['--from', '3d', '--by', 'domain'])).toBe('DOMAIN');
  });
});

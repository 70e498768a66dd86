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

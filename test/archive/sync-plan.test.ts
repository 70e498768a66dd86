// Which days a sync reads, from where the archive stands (pure: no emulator).
import { describe, expect, it } from 'vitest';
import { firstRunFrom, parseOverlap, planPasses } from '../../src/archive/sync-plan.js';
import { UsageError } from '../../src/errors.js';

const NOW = Date.parse('2026-11-23T15:00:00Z');
const opts = { firstFrom: '2026-08-25', overlapDays: 1 };

describe('planPasses', () => {
  it('first run: from --from (default 90 days back) to today', () => {
    expect(planPasses({ newestDay: null, pending: null }, opts, NOW)).toEqual([{ from: '2026-08-25', to: '2026-11-23' }]);
    expect(firstRunFrom(undefined, NOW)).toBe('2026-08-25');
    expect(firstRunFrom('7d', NOW)).toBe('2026-11-16');
  });

  it('later runs: the newest archived day again, and overlap-1 days before it', () => {
    expect(planPasses({ newestDay: '2026-11-20', pending: null }, opts, NOW)).toEqual([{ from: '2026-11-20', to: '2026-11-23' }]);
    expect(planPasses({ newestDay: '2026-11-20', pending: null }, { ...opts, overlapDays: 3 }, NOW)).toEqual([{ from: '2026-11-18', to: '2026-11-23' }]);
  });

  it('an interrupted run is continued at its cursor; its last day and the days begun since are read after it', () => {
    // its last day again even when that is today: what arrived after its first page is newer than the cursor
    const pending = { from: '2026-11-01', to: '2026-11-23', cursor: 'c42' };
    expect(planPasses({ newestDay: null, pending }, opts, NOW)).toEqual([{ ...pending, resumed: true }, { from: '2026-11-23', to: '2026-11-23' }]);
    expect(planPasses({ newestDay: null, pending }, { ...opts, overlapDays: 2 }, NOW)).toEqual([{ ...pending, resumed: true }, { from: '2026-11-22', to: '2026-11-23' }]);
    const older = { from: '2026-11-01', to: '2026-11-21', cursor: 'c42' };
    expect(planPasses({ newestDay: '2026-10-31', pending: older }, opts, NOW)).toEqual([
      { ...older, resumed: true },
      { from: '2026-11-21', to: '2026-11-23' },
    ]);
  });
});

describe('parseOverlap', () => {
  it.each([[undefined, 1], ['1d', 1], ['3d', 3], ['36h', 2], ['1h', 1], ['2w', 14]])('%s → %i days', (text, days) => {
    expect(parseOverlap(text)).toBe(days);
  });
  it.each(['0d', '30m', '1y', 'soon', '91d'])('%s is refused naming --overlap', (text) => {
    expect(() => parseOverlap(text)).toThrow(UsageError);
    expect(() => parseOverlap(text)).toThrow(/--overlap/);
  });
});

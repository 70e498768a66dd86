// The paging engine's old-generation check (src/api/old-space.ts): once the heap grew 3 MB
// since the last check-point, it collects, so a long listing's garbage does not pile up to
// V8's 8 MB step.
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { oldSpaceKeeper } from '../../src/api/old-space.js';

const used = () => getHeapStatistics().used_heap_size;

describe('oldSpaceKeeper', () => {
  it('collects the garbage of a long listing once the heap grew 3 MB', () => {
    const check = oldSpaceKeeper();
    // ~8 MB of rows kept long enough to be promoted, then dropped, as a listing's pages are
    let rows: { id: string; n: number }[] | undefined = [];
    for (let i = 0; i < 150_000; i++) rows.push({ id: `evt-${i}`, n: i });
    const grown = used();
    rows = undefined;
    check();
    expect(used()).toBeLessThan(grown - 4 * 1024 * 1024);
  });
});

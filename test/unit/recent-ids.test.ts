// The de-duplication window of cursor listings (src/api/recent-ids.ts): the same answers as a
// plain list of the last N distinct ids, through evictions that shift the probe chains.
import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/api/recent-ids.js';

/** The obvious version: the last `capacity` distinct ids, oldest first. */
function reference(capacity: number) {
  const window: string[] = [];
  return (id: string) => {
    if (window.includes(id)) return false;
    window.push(id);
    if (window.length > capacity) window.shift();
    return true;
  };
}

/** A deterministic stream of ids drawn from `distinct` values, so that repeats inside and outside the window both occur. */
function ids(count: number, distinct: number, seed: number): string[] {
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(String(2_000_000_000_000 + (x % distinct)));
  }
  return out;
}

describe('RecentIds: the last N distinct ids', () => {
  it('refuses an id it remembers, and forgets the oldest once past its capacity', () => {
    const recent = new RecentIds(3);
    expect(['a', 'b', 'a', 'c'].map((id) => recent.add(id))).toEqual([true, true, false, true]);
    expect(recent.add('d')).toBe(true); // a is forgotten
    expect(recent.size).toBe(3);
    expect(recent.add('a')).toBe(true); // so it is new again; b is forgotten
    expect(recent.add('c')).toBe(false);
    expect(recent.add('b')).toBe(true);
  });

  it('holds exactly its capacity after many ids, and still knows the newest ones', () => {
    const recent = new RecentIds(1000);
    for (let i = 0; i < 100_000; i++) recent.add(`id-${i}`);
    expect(recent.size).toBe(1000);
    expect(recent.add('id-99999')).toBe(false);
    expect(recent.add('id-99000')).toBe(false);
    expect(recent.add('id-98999')).toBe(true);
  });

  it('answers as the last N distinct ids would, through many evictions', () => {
    for (const [capacity, distinct] of [[1, 3], [7, 20], [100, 150], [1000, 5000]] as const) {
      const recent = new RecentIds(capacity);
      const want = reference(capacity);
      const stream = ids(20_000, distinct, capacity);
      expect(stream.map((id) => recent.add(id)), `capacity ${capacity}`).toEqual(stream.map(want));
    }
  });

  it('drops a row re-sent within the window, accepts it again once 50,000 newer rows passed', () => {
    const recent = new RecentIds(50_000);
    expect(recent.add('2333483602931')).toBe(true);
    expect(recent.add('2333483602931')).toBe(false);
    // one check of all 49,999 answers (an expect per id costs more than the ids)
    const refused: number[] = [];
    for (let i = 0; i < 49_999; i++) if (!recent.add(`e${i}`)) refused.push(i);
    expect(refused).toEqual([]);
    expect(recent.add('2333483602931')).toBe(false);
    expect(recent.add('e49999')).toBe(true); // pushes the first id out
    expect(recent.add('2333483602931')).toBe(true);
    expect(recent.add('e1')).toBe(false); // still among the last 50,000
    expect(recent.add('e0')).toBe(true); // pushed out by the first id's return
  });

  it('200,000 distinct event ids are each new once', () => {
    const recent = new RecentIds(50_000);
    let fresh = 0;
    for (let i = 0; i < 200_000; i++) if (recent.add(String(1_000_000_000_000 + i * 7919))) fresh++;
    expect(fresh).toBe(200_000);
    expect(recent.add(String(1_000_000_000_000 + 199_999 * 7919))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { RecentIds } from '../../src/api/recent-ids.js';

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
});

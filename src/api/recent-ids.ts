// The last N distinct ids a listing has printed, for dropping repeats (api/paginate.ts): a
// server handing out a fresh cursor for rows it already sent cannot make them print twice.
//
// A Set alone cannot forget its oldest entry cheaply: `set.delete(set.values().next().value)`
// starts each iteration at the first slot of V8's hash table and walks over every entry deleted
// before it, until the table is rebuilt (2.0 of the 3.7 s of CPU of a 200,000-event export).
// A Set of the id strings beside a ring of them fixes that, but holds ~4 MB of heap at 50,000
// ids, a size a long export reaches only after 50,000 rows: its peak memory then grows with
// the listing. Here each id is a 64-bit hash (two 32-bit lanes: a false "seen" among 50,000
// ids needs ~2^64 / 50,000 ids) in a ring that overwrites the oldest, indexed by an
// open-addressing table of ring positions: allocated once (0.9 MB for 50,000), constant time
// per id.

import { hash64 } from '../hash.js';

/** The last `capacity` distinct ids seen, by 64-bit hash. */
export class RecentIds {
  /** Two lanes per ring position, in arrival order; `next` is overwritten first. */
  private readonly ring: Int32Array;
  /** Ring position + 1 per slot, 0 = empty; linear probing. */
  private readonly table: Int32Array;
  private readonly mask: number;
  private next = 0;
  private count = 0;

  /** How many ids are remembered: at most the capacity. */
  get size(): number {
    return this.count;
  }

  constructor(private readonly capacity: number) {
    this.ring = new Int32Array(capacity * 2);
    let size = 1024;
    while (size < capacity * 2) size *= 2;
    this.table = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Remembers `id`; false when it is already among the last `capacity` ids. */
  add(id: string): boolean {
    hash64(id, lanes);
    const a = lanes[0]!;
    const b = lanes[1]!;
    let i = home(a, this.mask);
    for (let slot = this.table[i]!; slot !== 0; slot = this.table[i]!) {
      const at = (slot - 1) * 2;
      if (this.ring[at] === a && this.ring[at + 1] === b) return false;
      i = (i + 1) & this.mask;
    }
    if (this.count === this.capacity) {
      this.forget(this.next);
      // forgetting may have moved entries back into the probe path: find the free slot again
      i = home(a, this.mask);
      while (this.table[i] !== 0) i = (i + 1) & this.mask;
    } else {
      this.count++;
    }
    this.ring[this.next * 2] = a;
    this.ring[this.next * 2 + 1] = b;
    this.table[i] = this.next + 1;
    this.next = (this.next + 1) % this.capacity;
    return true;
  }

  /** Removes ring position `pos` from the table, shifting back the entries probed past it. */
  private forget(pos: number): void {
    const { table, mask } = this;
    let i = home(this.ring[pos * 2]!, mask);
    while (table[i] !== pos + 1) i = (i + 1) & mask;
    for (let j = (i + 1) & mask; table[j] !== 0; j = (j + 1) & mask) {
      const k = home(this.ring[(table[j]! - 1) * 2]!, mask);
      // the entry at j may fill the hole at i unless its home lies cyclically in (i, j]
      const stays = i <= j ? i < k && k <= j : i < k || k <= j;
      if (!stays) {
        table[i] = table[j]!;
        i = j;
      }
    }
    table[i] = 0;
  }
}

/** Where hash64 writes the two lanes of the id being looked up. */
const lanes = new Int32Array(2);

/** The table slot a hash starts probing at: FNV's low bits mixed with its high ones. */
function home(a: number, mask: number): number {
  const h = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) & mask;
}

// The last N distinct ids a listing has printed, for dropping repeats (api/paginate.ts).
//
// A Set alone cannot forget its oldest entry cheaply: `set.delete(set.values().next().value)`
// starts each iteration at the first slot of V8's hash table and walks over every entry
// deleted before it, until the table is rebuilt. Past the window that made each row cost a
// walk over tens of thousands of dead slots (a 200,000-event export took 2.5x as long as
// its 100-per-page requests). A ring of the ids in arrival order says which one to forget.

export class RecentIds {
  private readonly ids = new Set<string>();
  private readonly ring: (string | undefined)[];
  private oldest = 0;

  constructor(private readonly capacity: number) {
    this.ring = new Array<string | undefined>(capacity).fill(undefined);
  }

  /** Remembers `id`; false when it is already among the last `capacity` ids. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    const forgotten = this.ring[this.oldest];
    if (forgotten !== undefined) this.ids.delete(forgotten);
    this.ring[this.oldest] = id;
    this.oldest = (this.oldest + 1) % this.capacity;
    this.ids.add(id);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}

// Compact bookkeeping for up to a million ids, so that an id source can be de-duplicated and
// re-read without holding its ids as strings (a Set of 1,000,000 id strings is ~95 MB of heap, measured):
// a UUID is 128 bits, kept as four 32-bit words in an open-addressing table (32 MB at a
// million ids), and a source is fingerprinted by a running 64-bit hash of those words.

/** Four 32-bit words of a UUID (already checked by isUuid), case-insensitive. */
function words(id: string, out: Uint32Array): void {
  let w = 0;
  let k = 0;
  let digits = 0;
  for (let i = 0; i < 36; i++) {
    const c = id.charCodeAt(i);
    if (c === 0x2d) continue; // '-'
    w = ((w << 4) | ((c & 0xf) + (c >> 6) * 9)) >>> 0; // 0-9, a-f, A-F
    if (++digits === 8) {
      out[k++] = w;
      w = 0;
      digits = 0;
    }
  }
}

const scratch = new Uint32Array(4);

/** A set of UUIDs, compared case-insensitively. */
export class UuidSet {
  size = 0;
  private slots = new Uint32Array(4 * 1024);
  private used = new Uint8Array(1024);

  /** Adds the id; false when it was there already. */
  add(id: string): boolean {
    words(id, scratch);
    if (!this.insert(scratch[0]!, scratch[1]!, scratch[2]!, scratch[3]!)) return false;
    if (++this.size * 2 > this.used.length) this.grow();
    return true;
  }

  private insert(a: number, b: number, c: number, d: number): boolean {
    const mask = this.used.length - 1;
    let h = a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b) ^ Math.imul(d, 0xc2b2ae35);
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
    let i = (h ^ (h >>> 16)) & mask;
    for (;; i = (i + 1) & mask) {
      if (!this.used[i]) {
        const s = i * 4;
        this.used[i] = 1;
        this.slots[s] = a;
        this.slots[s + 1] = b;
        this.slots[s + 2] = c;
        this.slots[s + 3] = d;
        return true;
      }
      const s = i * 4;
      if (this.slots[s] === a && this.slots[s + 1] === b && this.slots[s + 2] === c && this.slots[s + 3] === d) return false;
    }
  }

  private grow(): void {
    const { slots, used } = this;
    this.slots = new Uint32Array(slots.length * 2);
    this.used = new Uint8Array(used.length * 2);
    for (let i = 0; i < used.length; i++) {
      if (used[i]) this.insert(slots[i * 4]!, slots[i * 4 + 1]!, slots[i * 4 + 2]!, slots[i * 4 + 3]!);
    }
  }
}

/** A running fingerprint of a sequence of ids: equal sequences give equal values; a change almost surely shows. */
export class IdFingerprint {
  private h1 = 0x811c9dc5;
  private h2 = 0x1b873593;

  add(id: string): void {
    words(id, scratch);
    for (let k = 0; k < 4; k++) {
      this.h1 = Math.imul(this.h1 ^ scratch[k]!, 0x01000193);
      this.h2 = Math.imul((this.h2 << 5) | (this.h2 >>> 27), 5) ^ Math.imul(scratch[k]!, 0xcc9e2d51);
    }
  }

  /** The fingerprint so far, as a string to store or compare. */
  value(): string {
    return `${(this.h1 >>> 0).toString(16)}:${(this.h2 >>> 0).toString(16)}`;
  }
}

/** One bit per position, growing as needed (a million positions: 125 KB). */
export class BitSet {
  private bits = new Uint8Array(128);

  set(i: number): void {
    if (i >> 3 >= this.bits.length) {
      const bigger = new Uint8Array(Math.max(this.bits.length * 2, (i >> 3) + 1));
      bigger.set(this.bits);
      this.bits = bigger;
    }
    this.bits[i >> 3]! |= 1 << (i & 7);
  }

  has(i: number): boolean {
    return i >> 3 < this.bits.length && (this.bits[i >> 3]! & (1 << (i & 7))) !== 0;
  }
}

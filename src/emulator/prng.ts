// Deterministic randomness: every id, key and record of the emulator comes from a seed, so two
// emulators started with the same seed serve the same data (tests and demos can rely on it).

/** FNV-1a: turns a stream name into 32 bits, so each data kind gets its own independent stream. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3 finaliser: a stateless hash for fields derived from an index at render time. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** mulberry32: tiny and fast enough to draw a few numbers per event for a million events. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** uniform in [0, 1) */
  float(): number {
    return this.next() / 4294967296;
  }
  /** uniform integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  /** A generator at this one's position: it draws the same numbers from here on. */
  clone(): Rng {
    const copy = new Rng(0);
    copy.s = this.s;
    return copy;
  }
  /** Draws n numbers and drops them: where another's draws would leave this generator. */
  skip(n: number): void {
    this.s = (this.s + Math.imul(n, 0x6d2b79f5)) | 0;
  }
}

export function rngFor(seed: number, stream: string): Rng {
  return new Rng(mix32((seed >>> 0) ^ hashString(stream)));
}

const HEX = '0123456789abcdef';

/** Draws a uuid takes: one per hex digit. */
export const UUID_DRAWS = 32;

/** The uuid's characters are built as codes, not by appending strings one by one: seeding makes thousands. */
const uuidCodes: number[] = new Array(36).fill(0);

export function uuidFrom(rng: Rng): string {
  let at = 0;
  for (let i = 0; i < UUID_DRAWS; i++) {
    let d = rng.next() >>> 28; // rng.int(16): the top four bits, exactly
    if (i === 12) d = 4; // version 4
    if (i === 16) d = 8 + (d & 3); // RFC 4122 variant
    uuidCodes[at++] = HEX.charCodeAt(d);
    if (i === 7 || i === 11 || i === 15 || i === 19) uuidCodes[at++] = 45; // '-'
  }
  return String.fromCharCode.apply(null, uuidCodes);
}

export function randomChars(rng: Rng, n: number, alphabet: string): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[rng.int(alphabet.length)];
  return s;
}

// A bijection on 32-bit integers: ids look scattered yet stay unique and can be mapped back to
// the index they came from, so no id → record map has to be built for a million events.
const MUL = 0x2c1b3c6d; // odd, hence invertible modulo 2^32
const MUL_INV = inverseOdd(MUL);

function inverseOdd(a: number): number {
  let x = a; // Newton's iteration doubles the correct low bits each round
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x >>> 0;
}

export function permute(i: number, key: number): number {
  return (Math.imul(i >>> 0, MUL) ^ key) >>> 0;
}

export function unpermute(p: number, key: number): number {
  return Math.imul((p ^ key) >>> 0, MUL_INV) >>> 0;
}

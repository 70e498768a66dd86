// One string hash for the bounded sets that remember hashes instead of strings (the paging
// engine's recent ids, the report's distinct opens and clicks). A leaf: it imports nothing.

/**
 * FNV-1a and a multiplicative lane over the UTF-16 code units: 64 bits, written as two 32-bit
 * lanes into `out` (no allocation per call: the paging engine hashes every row it prints).
 */
export function hash64(text: string, out: Int32Array): void {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[0] = a;
  out[1] = b;
}

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCapped } from '../../src/api/network.js';
import { CliError } from '../../src/errors.js';

// The transport reads a page whole: its chunks are kept and decoded once, when the body has ended
// under the cap. Small and large bodies read the same text from the same bytes, however the chunks fall.

type Body = Parameters<typeof readCapped>[0];

/** A response body that arrives in the given pieces. */
function body(chunks: Buffer[]): Body {
  return Readable.from(chunks, { objectMode: false }) as unknown as Body;
}

/** `bytes` cut every `size` bytes, and once more inside the first multi-byte character. */
function pieces(bytes: Buffer, size: number): Buffer[] {
  const cut = new Set<number>();
  for (let i = size; i < bytes.length; i += size) cut.add(i);
  const wide = bytes.findIndex((b) => b >= 0xc0);
  if (wide !== -1) cut.add(wide + 1);
  const at = [0, ...[...cut].sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i], end));
}

const page = (n: number) => JSON.stringify({ data: Array.from({ length: n }, (_, i) => ({ id: `e${i}`, subject: `Grüße — 配信 ${i} 🎉` })) });

describe('reading a response body', () => {
  for (const [what, text] of [
    ['a page of 100 events', page(100)],
    ['a body past 1 MiB', page(20_000)],
  ] as const) {
    it(`${what}: the same text however the chunks cut its characters`, async () => {
      const bytes = Buffer.from(text);
      for (const size of [1, 7, 16 * 1024, 64 * 1024]) {
        if (size < 1024 && bytes.length > 200_000) continue; // a million tiny reads prove nothing more
        expect(await readCapped(body(pieces(bytes, size)))).toBe(text);
      }
    });

    it(`${what}: a leading byte order mark is dropped and a bad byte becomes U+FFFD, as before`, async () => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text), Buffer.from([0xff])]);
      expect(await readCapped(body(pieces(bytes, 64 * 1024)))).toBe(`${text}\uFFFD`);
    });
  }

  it('an empty body is the empty string', async () => {
    expect(await readCapped(body([]))).toBe('');
  });

  it('refuses a body past 16 MiB (exit 1) without reading it to the end', async () => {
    const mib = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const endless = new Readable({
      read() {
        sent++;
        this.push(mib);
      },
    });
    const error = await readCapped(endless as unknown as Body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe('the response is larger than 16 MiB; refusing to read it');
    expect(sent).toBeLessThan(20);
  });
});

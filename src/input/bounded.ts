import { createReadStream } from 'node:fs';
import { UsageError } from '../errors.js';

/**
 * Id input read as a stream with bounds, so a wrong file (a 200 MB export, /dev/zero, an
 * endless pipe) is refused as soon as it shows, with memory bounded, instead of growing until
 * V8 gives up. Ids are 36 characters: these bounds are far beyond any real id list.
 */
/** A line longer than this is not an id (nor a CSV row of ids). */
const MAX_LINE_BYTES = 4 * 1024;
/** More lines than this in one id source is refused: the bulk API takes 1,000 contacts a request. */
export const MAX_ID_LINES = 1_000_000;
/** And more bytes than this (a CSV export with many columns). */
const MAX_ID_BYTES = 64 * 1024 * 1024;

const n = (x: number) => x.toLocaleString('en-US');

/**
 * All bytes of the stream, refused (exit 2, naming the source and line) past a bound. Stops at
 * once when the signal aborts (Ctrl-C, SIGTERM), even while the source sends nothing.
 */
export async function readBounded(stream: AsyncIterable<unknown> & { destroy?(): void }, name: string, signal?: AbortSignal): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  let lines = 1;
  let lineBytes = 0;
  const tooMany = `more than ${n(MAX_ID_LINES)} lines of ids: split the input into several runs`;
  const refuse = (message: string): never => {
    stream.destroy?.();
    throw new UsageError(`${name}:${n(lines)}: ${message}`, { hint: 'give a file of ids, one per line or CSV' });
  };
  const stopped = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  stopped.catch(() => undefined);
  const read = (async () => {
    for await (const raw of stream) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw) : (raw as Buffer);
      let from = 0;
      for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) {
        if (lineBytes + (i - from) > MAX_LINE_BYTES) refuse(`a line longer than ${n(MAX_LINE_BYTES)} bytes: this is not an id file`);
        if (lines > MAX_ID_LINES) refuse(tooMany);
        lines++; // the line after this newline (an empty one at the end of the input does not count)
        lineBytes = 0;
        from = i + 1;
      }
      if (chunk.length > from && lines > MAX_ID_LINES) refuse(tooMany);
      lineBytes += chunk.length - from;
      if (lineBytes > MAX_LINE_BYTES) refuse(`a line longer than ${n(MAX_LINE_BYTES)} bytes: this is not an id file`);
      size += chunk.length;
      if (size > MAX_ID_BYTES) refuse(`more than ${n(MAX_ID_BYTES / 1024 / 1024)} MiB of input: split the input into several runs`);
      chunks.push(chunk);
    }
  })();
  read.catch(() => undefined); // when the signal wins the race, the read's own end is not news
  await Promise.race([read, stopped]);
  if (signal?.aborted) {
    stream.destroy?.();
    throw signal.reason;
  }
  return Buffer.concat(chunks);
}

/** A file as a bounded stream (see readBounded). */
export function readFileBounded(path: string, name: string, signal?: AbortSignal): Promise<Uint8Array> {
  return readBounded(createReadStream(path), name, signal);
}

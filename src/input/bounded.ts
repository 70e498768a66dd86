import { UsageError } from '../errors.js';
import { thousands as n } from '../counts.js';

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
export const MAX_ID_BYTES = 64 * 1024 * 1024;


/** The bounds above, checked chunk by chunk: `check` throws (exit 2, naming the source and line) past one. */
export class InputBounds {
  private size = 0;
  private lines = 1;
  private lineBytes = 0;

  /** `limits` lifts the totals for readers that stream without keeping anything (`contact import`). */
  constructor(
    private readonly name: string,
    private readonly limits: { lines: number; bytes: number } = { lines: MAX_ID_LINES, bytes: MAX_ID_BYTES },
  ) {}

  check(chunk: Buffer): void {
    const { lines: maxLines, bytes: maxBytes } = this.limits;
    const tooMany = `more than ${n(maxLines)} lines of ids: split the input into several runs`;
    let from = 0;
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) {
      if (this.lineBytes + (i - from) > MAX_LINE_BYTES) this.refuse(`a line longer than ${n(MAX_LINE_BYTES)} bytes: this is not an id file`);
      if (this.lines > maxLines) this.refuse(tooMany);
      this.lines++; // the line after this newline (an empty one at the end of the input does not count)
      this.lineBytes = 0;
      from = i + 1;
    }
    if (chunk.length > from && this.lines > maxLines) this.refuse(tooMany);
    this.lineBytes += chunk.length - from;
    if (this.lineBytes > MAX_LINE_BYTES) this.refuse(`a line longer than ${n(MAX_LINE_BYTES)} bytes: this is not an id file`);
    this.size += chunk.length;
    if (this.size > maxBytes) this.refuse(`more than ${n(maxBytes / 1024 / 1024)} MiB of input: split the input into several runs`);
  }

  private refuse(message: string): never {
    throw new UsageError(`${this.name}:${n(this.lines)}: ${message}`, { hint: 'give a file of ids, one per line or CSV' });
  }
}

/** The next item of the iterator, or the signal's reason as soon as it aborts. */
function nextOrAbort<T>(it: AsyncIterator<T>, signal: AbortSignal | undefined): Promise<IteratorResult<T>> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const next = it.next();
  if (!signal) return next;
  // A listener per read, removed once the read settles: racing every read against one
  // long-lived promise would keep each chunk reachable from it until the end of the input.
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    next.then(
      (r) => {
        signal.removeEventListener('abort', onAbort);
        resolve(r);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The chunks of a stream as Buffers, stopping at once when the signal aborts (Ctrl-C, SIGTERM),
 * even while the source sends nothing; the stream is then destroyed.
 */
export async function* abortableChunks(stream: AsyncIterable<unknown> & { destroy?(): void }, signal?: AbortSignal): AsyncGenerator<Buffer> {
  const it = stream[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      const r = await nextOrAbort(it, signal);
      if (r.done) {
        ended = true;
        return;
      }
      const raw = r.value;
      yield typeof raw === 'string' ? Buffer.from(raw) : (raw as Buffer);
    }
  } finally {
    if (!ended) stream.destroy?.(); // refused, stopped or left early: nothing more is read
  }
}

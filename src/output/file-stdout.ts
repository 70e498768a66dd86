import { fstatSync, ftruncateSync, readFileSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';

// stdout redirected to a regular file (`> out.ndjson`, `>> log`). Node writes such a
// stdout with one fs.writeSync per chunk and ignores a short count, which is what a
// filling disk (or `ulimit -f`) returns before it refuses outright: the file would end
// with a cut line. Here every chunk is written whole or fails, and on the failure the
// cut line is taken back off the file, so NDJSON, CSV and tab-separated output end on
// a whole line. Pipes and terminals keep process.stdout (EPIPE handling, EAGAIN).

const NEWLINE = 0x0a;
const QUOTE = 0x22;

/** A write to stdout failed: what is on the file now, for the one error line. */
export interface OutputFailure extends NodeJS.ErrnoException {
  /** Whole lines that stay on the file. */
  wholeLines?: number;
  /** Bytes of a cut line that could not be taken back off (the file was not at its end). */
  cutBytesLeft?: number;
}

/**
 * The descriptor's position, from Linux's /proc/self/fdinfo; undefined elsewhere. With `>` and
 * `>>` it is the file's end once something was written; with `1<>file` (read-write, not
 * truncated) it may be anywhere, and cutting the file there would destroy what follows.
 */
function positionOf(fd: number): number | undefined {
  try {
    const pos = /^pos:\s*(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'))?.[1];
    return pos === undefined ? undefined : Number(pos);
  } catch {
    return undefined;
  }
}

export class FileStdout extends Writable {
  /** Newlines written so far: the whole lines on the file. */
  private lines = 0;
  /** Bytes written after the last newline: the cut line if a write fails now. */
  private tail = 0;
  /** Bytes written by this run, and the file's size before it: where the run's output starts. */
  private written = 0;
  private readonly sizeBefore: number;

  constructor(private readonly fd: number) {
    super({ decodeStrings: true });
    this.sizeBefore = fstatSync(fd).size;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    let rest = chunk;
    try {
      // A short count is not a failure yet: write the rest; a full disk then says ENOSPC (EFBIG past ulimit -f).
      while (rest.length > 0) {
        const n = writeSync(this.fd, rest);
        this.count(rest.subarray(0, n));
        rest = rest.subarray(n);
      }
      done();
    } catch (error) {
      done(this.cutBack(error as OutputFailure));
    }
  }

  /**
   * CSV records may hold line breaks inside quoted fields (RFC 4180): then only a newline
   * outside quotes ends a record. Every other format escapes its line breaks.
   */
  csv = false;
  /** Inside a quoted CSV field (quotes inside one are doubled, so each quote toggles this). */
  private quoted = false;

  private count(bytes: Buffer): void {
    this.written += bytes.length;
    const last = this.csv ? this.lastRecordEnd(bytes) : this.lastNewline(bytes);
    this.tail = last === -1 ? this.tail + bytes.length : bytes.length - last - 1;
  }

  /** Index of the last newline in bytes (-1: none), counting the lines. */
  private lastNewline(bytes: Buffer): number {
    let last = -1;
    for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) {
      this.lines++;
      last = i;
    }
    return last;
  }

  /** Index of the last newline outside quotes in bytes (-1: none), counting the records. */
  private lastRecordEnd(bytes: Buffer): number {
    let last = -1;
    let quote = bytes.indexOf(QUOTE);
    for (let i = 0; i < bytes.length; ) {
      if (this.quoted) {
        if (quote === -1) break;
        this.quoted = false;
        i = quote + 1;
        quote = bytes.indexOf(QUOTE, i);
        continue;
      }
      const newline = bytes.indexOf(NEWLINE, i);
      if (newline !== -1 && (quote === -1 || newline < quote)) {
        this.lines++;
        last = newline;
        i = newline + 1;
        continue;
      }
      if (quote === -1) break;
      this.quoted = true;
      i = quote + 1;
      quote = bytes.indexOf(QUOTE, i);
    }
    return last;
  }

  /**
   * Takes the cut line back off the file, when the descriptor is at the file's end (`>`, `>>`):
   * the file then ends on the last whole line this run wrote. Elsewhere (`1<>file`) the bytes
   * after the position are not ours, and the cut line stays.
   */
  private cutBack(error: OutputFailure): OutputFailure {
    error.wholeLines = this.lines;
    if (this.tail === 0) return error;
    try {
      const { size } = fstatSync(this.fd);
      const position = positionOf(this.fd) ?? this.sizeBefore + this.written;
      if (position !== size) throw new Error('not at the end of the file');
      ftruncateSync(this.fd, size - this.tail);
    } catch {
      error.cutBytesLeft = this.tail;
    }
    return error;
  }
}

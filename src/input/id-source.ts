import { open, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { abortableChunks, InputBounds, MAX_ID_BYTES } from './bounded.js';
import { BitSet, IdFingerprint, UuidSet } from './id-set.js';
import { IdTextParser } from './id-parser.js';
import { IdDecoder, shown } from './ids.js';
import { Spool } from './spool.js';

// The ids of one flag's source (`--contacts-file`, `--lists-file`, after the `--contact` /
// `--list` values), read in two passes so that a million ids never sit in memory at once:
//  1. check: every line is read, decoded and checked (errors name FILE:LINE, exit 2), the
//     distinct ids are counted (first occurrence wins, case-insensitive) in a compact set, and
//     the sequence is fingerprinted. Nothing is sent before this pass has read the whole input.
//  2. chunks(): the distinct ids again, `size` at a time, for the requests. A regular file is
//     read again through the descriptor opened for pass 1 (a file renamed over it changes
//     nothing); stdin, and a pipe or FIFO given as a file, is read from the private copy pass 1
//     made of it (spool.ts) once it passes 1 MiB (smaller input stays in memory).
// A source of at most 10,000 distinct ids keeps them after pass 1 (a few hundred KB), so a
// small source is read once however many times its chunks are asked for.
// If the file changes between the passes (its size or modification time differ, or the ids read
// again do not match the fingerprint of pass 1 at the chunk being built), chunks() stops with
// exit 1 before that chunk is sent: what is sent is always exactly what was checked.

const READ_SIZE = 64 * 1024;
/** Ids of stdin held in memory before the copy goes to a temporary file. */
const SPOOL_AFTER = 1024 * 1024;
/** Distinct ids kept in memory after pass 1 (more are streamed again from the source). */
const KEEP_IDS = 10_000;
/** The fingerprint of pass 1 is remembered every BLOCK distinct ids: chunk sizes are multiples of it. */
const BLOCK = 50;

export interface IdChunk {
  /** 1-based position of ids[0] among the source's distinct ids */
  from: number;
  ids: string[];
}

export interface IdSourceOptions {
  /** the flag naming the file, for errors about the file itself */
  flag: string;
  /** ids given as flag values: they come first */
  given: string[];
  /** the file, "-" for stdin, or none */
  path?: string;
  column?: string;
  stdin: AsyncIterable<unknown> & { destroy?(): void };
  signal: AbortSignal;
  /** where stdin's copy goes (default os.tmpdir()) */
  tmpDir?: string;
}

/** Where the bytes of pass 2 come from. */
type Reread = { kind: 'file'; handle: FileHandle; stat: Stats } | { kind: 'spool'; spool: Spool } | { kind: 'memory'; chunks: Buffer[] };

async function openFile(flag: string, path: string, signal: AbortSignal): Promise<FileHandle> {
  // Opening a FIFO waits for its writer: the wait ends with the signal.
  const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  stopped.catch(() => undefined);
  const opening = open(path, 'r');
  opening.then(
    (h) => {
      if (signal.aborted) void h.close();
    },
    () => undefined,
  );
  try {
    const handle = await Promise.race([opening, stopped]);
    if ((await handle.stat()).isDirectory()) {
      await handle.close();
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    }
    return handle;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new UsageError(`${flag}: cannot read ${shown(path)}: ${why}`);
  }
}

/** A regular file's bytes from its start, by position (the descriptor's offset is not used). */
async function* fileChunks(handle: FileHandle, signal: AbortSignal): AsyncGenerator<Buffer> {
  for (let position = 0; ; ) {
    if (signal.aborted) throw signal.reason;
    const buffer = Buffer.allocUnsafe(READ_SIZE);
    const { bytesRead } = await handle.read(buffer, 0, READ_SIZE, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

export class IdSource {
  /** distinct ids */
  count = 0;
  /** repeats dropped */
  duplicates = 0;
  private readonly name: string;
  private kept: string[] | undefined = [];
  private readonly repeats = new BitSet();
  private readonly marks: string[] = [];
  private finalMark = '';
  private reread: Reread | undefined;

  private constructor(private readonly options: IdSourceOptions) {
    this.name = options.path === '-' ? 'stdin' : (options.path ?? options.flag);
  }

  /** Pass 1: reads and checks the whole source (see the header). Close the source when done with it. */
  static async open(options: IdSourceOptions): Promise<IdSource> {
    const source = new IdSource(options);
    try {
      await source.check();
    } catch (error) {
      await source.close();
      throw error;
    }
    return source;
  }

  private async check(): Promise<void> {
    const { given, path, signal } = this.options;
    const seen = new UuidSet();
    const fingerprint = new IdFingerprint();
    let occurrence = 0;
    const take = (id: string) => {
      fingerprint.add(id);
      if (!seen.add(id)) {
        this.repeats.set(occurrence++);
        this.duplicates++;
        return;
      }
      occurrence++;
      this.count++;
      if (this.kept && this.count <= KEEP_IDS) this.kept.push(id);
      else if (path !== undefined) this.kept = undefined; // given ids alone are always kept: they are in memory anyway
      else this.kept?.push(id);
      if (this.count % BLOCK === 0) this.marks.push(fingerprint.value());
    };
    given.forEach(take);
    if (path !== undefined) await this.readOnce(path, signal, take);
    this.finalMark = fingerprint.value();
    if (this.kept) await this.dropReread();
  }

  private async readOnce(path: string, signal: AbortSignal, take: (id: string) => void): Promise<void> {
    let chunks: AsyncIterable<Buffer>;
    if (path === '-') chunks = this.copied(abortableChunks(this.options.stdin, signal));
    else {
      const handle = await openFile(this.options.flag, path, signal);
      const stat = await handle.stat();
      if (stat.isFile()) {
        this.reread = { kind: 'file', handle, stat };
        // Too big to pass: refuse it as fast as reading goes (a bounds error names the line
        // where it shows), rather than after checking a million ids that cannot be sent.
        if (stat.size > MAX_ID_BYTES) {
          const bounds = new InputBounds(this.name);
          for await (const chunk of fileChunks(handle, signal)) bounds.check(chunk);
        }
        chunks = fileChunks(handle, signal);
      } else {
        // A pipe, FIFO or device: read once, as stdin is.
        const stream = handle.createReadStream({ autoClose: true });
        chunks = this.copied(abortableChunks(stream, signal));
      }
    }
    const bounds = new InputBounds(this.name);
    const decoder = new IdDecoder(this.name);
    const parser = new IdTextParser(this.name, this.options.column, take);
    for await (const chunk of chunks) {
      bounds.check(chunk);
      parser.push(decoder.push(chunk));
    }
    parser.push(decoder.end());
    const error = decoder.error ?? parser.end();
    if (error) throw error;
  }

  /** The chunks of a source that cannot be read twice, copied as they pass (memory, then a spool file). */
  private async *copied(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const held: Buffer[] = [];
    let size = 0;
    this.reread = { kind: 'memory', chunks: held };
    for await (const chunk of chunks) {
      yield chunk; // checked against the bounds before it is copied
      const r = this.reread;
      if (r.kind === 'spool') await r.spool.write(chunk);
      else if (size + chunk.length <= SPOOL_AFTER) {
        held.push(chunk);
        size += chunk.length;
      } else {
        const spool = await Spool.create(this.name, this.options.tmpDir);
        this.reread = { kind: 'spool', spool };
        for (const c of [...held, chunk]) await spool.write(c);
        held.length = 0;
      }
    }
  }

  private async dropReread(): Promise<void> {
    const r = this.reread;
    this.reread = undefined;
    if (r?.kind === 'file') await r.handle.close().catch(() => undefined);
    if (r?.kind === 'spool') await r.spool.close();
  }

  /** Releases the file, and removes stdin's copy. */
  close(): Promise<void> {
    return this.dropReread();
  }

  /** Exit 1 when the file changed since pass 1 read it. */
  private changed(detail: string): CliError {
    return new CliError(`${this.name} changed after mailctl checked it (${detail})`, ExitCode.Failure, {
      hint: 'leave the file alone while mailctl runs (or give it a copy), then run the command again',
    });
  }

  /** Throws (exit 1) when the file's size or time of change differs from pass 1's: cheap, call it before sending anything. */
  async checkUnchanged(): Promise<void> {
    const r = this.reread;
    if (r?.kind !== 'file') return;
    const now = await r.handle.stat();
    if (now.size !== r.stat.size || now.mtimeMs !== r.stat.mtimeMs) {
      throw this.changed(now.size !== r.stat.size ? `${r.stat.size} bytes then, ${now.size} now` : 'it was written to');
    }
  }

  /** Pass 2: the distinct ids in input order, `size` (a multiple of 50) at a time. */
  async *chunks(size: number): AsyncGenerator<IdChunk> {
    if (size % BLOCK !== 0) throw new Error(`chunks(${size}): a multiple of ${BLOCK}`);
    if (this.kept) {
      for (let i = 0; i < this.kept.length; i += size) yield { from: i + 1, ids: this.kept.slice(i, i + size) };
      return;
    }
    await this.checkUnchanged();
    const fingerprint = new IdFingerprint();
    const ready: IdChunk[] = [];
    let chunk: string[] = [];
    let occurrence = 0;
    let distinct = 0;
    let line = 0;
    const take = (id: string, at: number) => {
      line = at;
      fingerprint.add(id);
      if (this.repeats.has(occurrence++)) return;
      distinct++;
      if (distinct > this.count) throw this.changed(`more ids at line ${at}`);
      if (distinct % BLOCK === 0 && fingerprint.value() !== this.marks[distinct / BLOCK - 1]) throw this.changed(`other ids by line ${at}`);
      chunk.push(id);
      if (chunk.length === size) {
        ready.push({ from: distinct - size + 1, ids: chunk });
        chunk = [];
      }
    };
    this.options.given.forEach((id) => take(id, 0));
    yield* ready.splice(0);
    const decoder = new IdDecoder(this.name);
    const parser = new IdTextParser(this.name, this.options.column, take);
    for await (const bytes of this.bytesAgain()) {
      parser.push(decoder.push(bytes));
      if (decoder.error || parser.error) throw this.changed(`it no longer reads as it did, near line ${line + 1}`);
      for (const c of ready.splice(0)) {
        if (this.options.signal.aborted) throw this.options.signal.reason;
        yield c;
      }
    }
    parser.push(decoder.end());
    if (decoder.error || parser.end()) throw this.changed('it no longer reads as it did');
    if (distinct !== this.count || fingerprint.value() !== this.finalMark) throw this.changed(distinct !== this.count ? `${distinct} ids now, ${this.count} then` : 'other ids at its end');
    yield* ready.splice(0);
    if (chunk.length > 0) yield { from: distinct - chunk.length + 1, ids: chunk };
  }

  private bytesAgain(): AsyncIterable<Buffer> {
    const r = this.reread!;
    if (r.kind === 'file') return fileChunks(r.handle, this.options.signal);
    if (r.kind === 'spool') return fileChunks(r.spool.handle, this.options.signal);
    return (async function* () {
      yield* r.chunks;
    })();
  }
}

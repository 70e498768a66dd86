import { UsageError } from '../errors.js';

// Ids from files and stdin, for commands that take thousands of them
// (`lists attach --contacts-file export.csv`). Two formats:
//  - one id per line, under a header line or not (`id`: a CSV of one column);
//  - CSV (RFC 4180) with a header row: the first column, or the one --column names.
// A UTF-8 BOM, CRLF line ends and blank lines are fine. The first value that is
// not a UUID stops everything with `<file>:<line>: "<value>" is not a UUID`
// (exit 2), before anything is sent: nothing is ever skipped silently.
//
// The bytes are decoded here (IdDecoder) and parsed in id-parser.ts, both as streams, so that an
// id source can be checked and counted in one pass and read again for sending (id-source.ts)
// without ever holding every id. Errors keep the precedence of reading the whole text first: a
// bytes error (not UTF-8, NUL bytes) anywhere wins over a bad value, and an unclosed CSV quote
// wins over a bad row; so the first error is recorded and the input is read to its end.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** How a value appears in an error: quoted, cut at 60 characters, control characters escaped. */
export function shown(value: string): string {
  const cut = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return JSON.stringify(cut);
}

/**
 * Bytes of an id source as text, chunk by chunk: UTF-8 with or without a BOM, or UTF-16 with
 * its BOM (what spreadsheet programs write as "Unicode text"). Anything else is refused; the
 * refusal is kept in `error` (the reader goes on to its end for the bounds), not thrown.
 */
export class IdDecoder {
  error: UsageError | undefined;
  private decoder: InstanceType<typeof TextDecoder> | undefined;
  private head = Buffer.alloc(0);
  private started = false;
  private nul = false;

  constructor(private readonly name: string) {}

  push(bytes: Uint8Array): string {
    if (this.error) return '';
    if (!this.decoder) {
      // The byte order mark decides the decoder: wait for two bytes.
      this.head = Buffer.concat([this.head, bytes]);
      if (this.head.length < 2) return '';
      return this.decode(this.start(this.head), true);
    }
    return this.decode(bytes, true);
  }

  end(): string {
    if (this.error) return '';
    const text = this.decoder ? this.decode(undefined, false) : this.decode(this.start(this.head), false);
    if (!this.error && this.nul) {
      this.error = new UsageError(`${this.name}: not a text file (it contains NUL bytes)`, { hint: 'save the file as UTF-8 text, one id per line or CSV' });
    }
    return this.error ? '' : text;
  }

  private start(head: Buffer): Buffer {
    let encoding = 'utf-8';
    let skip = 0;
    if (head[0] === 0xff && head[1] === 0xfe) [encoding, skip] = ['utf-16le', 2];
    else if (head[0] === 0xfe && head[1] === 0xff) [encoding, skip] = ['utf-16be', 2];
    this.decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
    return head.subarray(skip);
  }

  private decode(bytes: Uint8Array | undefined, stream: boolean): string {
    let text: string;
    try {
      text = this.decoder!.decode(bytes, { stream });
    } catch {
      this.error = new UsageError(`${this.name}: not UTF-8 text`, { hint: 'save the file as UTF-8 (or UTF-16 with a byte order mark)' });
      return '';
    }
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.includes('\u0000')) this.nul = true;
    return text;
  }
}

import { UsageError } from '../errors.js';
import { IdDecoder, isUuid, shown } from './ids.js';

// The text of an id source, one id per line or CSV with a header (see ids.ts for the rules and
// the precedence of errors), parsed as it arrives: chunks may end anywhere, even inside a CRLF
// or a quoted cell.

/** A column name heading a CSV of one column: a word, no hyphen (`id`, `contact_id`, `List ID`). */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_ .]{0,63}$/;

/** A cell longer than this is no id nor a column name: only its start is kept (a quoted cell may span lines). */
const MAX_CELL = 8192;
const LINE_BREAK = /\r\n|\n|\r/g;
const CR = 13;
const LF = 10;
const UNQUOTED_END = /[,\r\n]/g;
const QUOTED_STOP = /["\r\n]/g;

/** What the values of a source are: ids by default; `contact import` reads email addresses. */
export interface ValueKind {
  test(value: string): boolean;
  /** "a UUID": in "… is not a UUID" */
  what: string;
  /** "id": in "no id in column …" */
  noun: string;
  /** "ids": in "name the column of ids" */
  plural: string;
}

const UUIDS: ValueKind = { test: isUuid, what: 'a UUID', noun: 'id', plural: 'ids' };

type CsvState = 'record' | 'cell' | 'unquoted' | 'quoted' | 'quote' | 'quoted-cr' | 'after-cr';

/**
 * Text of an id source, pushed chunk by chunk; calls `onId` with each id (duplicates kept) and
 * the line it is on. The format is decided by the first non-blank line (a comma, or a leading
 * quote: CSV) unless `column` says CSV. The first error is kept in `error`; after it no id is
 * reported, and `end()` returns the error that wins (see the header).
 */
export class IdTextParser {
  error: UsageError | undefined;
  /** ids reported so far */
  count = 0;
  /**
   * Set by a check of a whole file (contact import's first pass): each bad value is reported here
   * and the parse goes on, so that one run names every bad line instead of one a run.
   */
  onBadValue?: (message: string, hint?: string) => void;
  /** bad values so far: a word after one is no header */
  private bad = 0;
  private mode: 'undecided' | 'lines' | 'csv';
  private rest = '';
  /** how far the undecided text was searched for its first non-blank line */
  private scanned = 0;
  private line = 1;
  // CSV
  private state: CsvState = 'record';
  private cell = '';
  private cells: string[] = [];
  private recordLine = 1;
  private header: string[] | undefined;
  private headerLine = 1;
  private index = 0;
  private label = 'the first column';
  /** one id per line under a header line (a CSV of one column) */
  private headed = false;

  constructor(
    private readonly name: string,
    private readonly column: string | undefined,
    private readonly onId: (id: string, line: number) => void,
    private readonly kind: ValueKind = UUIDS,
  ) {
    this.mode = column === undefined ? 'undecided' : 'csv';
  }

  push(text: string): void {
    if (this.mode === 'undecided') {
      this.rest += text;
      const first = this.firstNonBlankLine(false);
      if (first === undefined) return;
      this.decide(first);
    } else if (this.mode === 'lines') this.lines(text, false);
    else this.csv(text);
  }

  end(): UsageError | undefined {
    if (this.mode === 'undecided') {
      const first = this.firstNonBlankLine(true);
      if (first === undefined) return this.error; // nothing but blank lines
      this.decide(first);
    }
    if (this.mode === 'lines') this.lines('', true);
    else this.csvEnd();
    return this.error;
  }

  /** The first line with more than blanks, once it is whole (or the text has ended); blank lines are looked at once. */
  private firstNonBlankLine(final: boolean): string | undefined {
    const text = this.rest;
    LINE_BREAK.lastIndex = this.scanned;
    for (let m = LINE_BREAK.exec(text); m; m = LINE_BREAK.exec(text)) {
      const line = text.slice(this.scanned, m.index);
      if (line.trim() !== '') return line;
      this.scanned = LINE_BREAK.lastIndex;
    }
    const last = text.slice(this.scanned);
    return final && last.trim() !== '' ? last : undefined;
  }

  private decide(first: string): void {
    const held = this.rest;
    this.rest = '';
    const csv = first.includes(',') || first.trimStart().startsWith('"');
    this.mode = csv ? 'csv' : 'lines';
    if (csv) this.csv(held);
    else this.lines(held, false);
  }

  private fail(message: string, hint?: string): void {
    this.error ??= new UsageError(message, { hint });
  }

  /** A value that fails the test: the end of the parse, unless `onBadValue` collects it. */
  private badValue(message: string, hint?: string): void {
    this.bad++;
    if (this.onBadValue) this.onBadValue(message, hint);
    else this.fail(message, hint);
  }

  // ---- one id per line ----

  // Per line, nothing is made but the line's own string, so that checking a file of a million
  // addresses collects as rarely as the file is long (each collection grows V8's young
  // generation by what survives it): breaks are found with test(), which builds no match
  // object, and the line carried over from the last chunk is completed on its own, since a
  // slice of the carried line joined to the whole chunk would copy the chunk.
  private lines(text: string, final: boolean): void {
    if (this.error) return; // no structural error can follow in this format
    let start = 0;
    if (this.rest !== '') {
      LINE_BREAK.lastIndex = 0;
      start = LINE_BREAK.test(text) ? LINE_BREAK.lastIndex : text.length;
      const head = this.rest + text.slice(0, start);
      this.rest = '';
      // a break inside the text is whole: what follows it shows that a final \r is no \r\n
      this.scanLines(head, 0, final || start < text.length);
      if (this.error || start === text.length) return;
    }
    this.scanLines(text, start, final);
  }

  private scanLines(all: string, from: number, final: boolean): void {
    LINE_BREAK.lastIndex = from;
    while (LINE_BREAK.test(all)) {
      const end = LINE_BREAK.lastIndex;
      if (!final && end === all.length && all.charCodeAt(end - 1) === CR) break; // maybe the \r of a \r\n
      const crlf = end - 2 >= from && all.charCodeAt(end - 1) === LF && all.charCodeAt(end - 2) === CR;
      this.oneLine(all.slice(from, end - (crlf ? 2 : 1)));
      if (this.error) return;
      from = end;
      this.line++;
    }
    this.rest = all.slice(from);
    if (final && this.rest !== '') this.oneLine(this.rest);
  }

  private oneLine(raw: string): void {
    const value = raw.trim();
    if (value === '') return;
    // `id` or `contact_id` over a column of ids is a CSV of one column with its header (what
    // `mailctl contact list --csv --fields id` writes), not a bad first id. A name has no
    // hyphen, so a mistyped UUID is never taken for one.
    if (this.count === 0 && this.bad === 0 && !this.headed && !this.kind.test(value) && COLUMN_NAME.test(value)) {
      this.headed = true;
      this.label = `column ${shown(value)}`;
      return;
    }
    if (!this.kind.test(value)) {
      const hint = this.count === 0 ? `if this line is a CSV header, name the column of ${this.kind.plural} with --column NAME` : undefined;
      this.badValue(`${this.name}:${this.line}: ${shown(value)} is not ${this.kind.what}`, hint);
      return;
    }
    this.count++;
    this.onId(value, this.line);
  }

  // ---- CSV (RFC 4180): quoted cells may hold commas, quotes and line breaks ----

  private add(text: string): void {
    if (this.cell.length < MAX_CELL) this.cell += text.slice(0, MAX_CELL - this.cell.length);
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
  }

  private endRecord(): void {
    this.endCell();
    const cells = this.cells;
    this.cells = [];
    this.state = 'record';
    if (!this.error) this.record(this.recordLine, cells);
  }

  private csv(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      const ch = text[i]!;
      switch (this.state) {
        case 'record':
          this.recordLine = this.line;
          this.state = 'cell'; // a record starts with a cell: the same character again
          break;
        case 'cell':
          if (ch === '"') {
            this.state = 'quoted';
            i++;
          } else this.state = 'unquoted';
          break;
        case 'unquoted': {
          UNQUOTED_END.lastIndex = i;
          const m = UNQUOTED_END.exec(text);
          const stop = m ? m.index : n;
          this.add(text.slice(i, stop));
          i = stop;
          if (!m) break;
          i++;
          if (m[0] === ',') {
            this.endCell();
            this.state = 'cell';
          } else {
            this.endRecord();
            this.line++;
            if (m[0] === '\r') this.state = 'after-cr';
          }
          break;
        }
        case 'after-cr':
          if (ch === '\n') i++;
          this.state = 'record';
          break;
        case 'quoted': {
          QUOTED_STOP.lastIndex = i;
          const m = QUOTED_STOP.exec(text);
          const stop = m ? m.index : n;
          this.add(text.slice(i, stop));
          i = stop;
          if (!m) break;
          i++;
          if (m[0] === '"') this.state = 'quote';
          else if (m[0] === '\n') {
            this.add('\n');
            this.line++;
          } else {
            this.add('\r');
            this.state = 'quoted-cr'; // a line only when no \n follows
          }
          break;
        }
        case 'quoted-cr':
          if (ch !== '\n') this.line++;
          this.state = 'quoted';
          break;
        case 'quote':
          if (ch === '"') {
            this.add('"');
            this.state = 'quoted';
            i++;
          } else this.state = 'unquoted'; // the closing quote; what follows up to the separator joins the cell
          break;
      }
    }
  }

  private csvEnd(): void {
    switch (this.state) {
      case 'quoted':
      case 'quoted-cr':
        // Reading the text whole found this before any row: it wins over a bad row.
        this.error = new UsageError(`${this.name}:${this.recordLine}: a quoted CSV value is never closed`);
        return;
      case 'cell':
      case 'unquoted':
      case 'quote':
        this.endRecord();
    }
  }

  private record(line: number, cells: string[]): void {
    if (cells.every((c) => c.trim() === '')) return;
    if (this.header === undefined) {
      this.header = cells.map((c) => c.trim());
      this.headerLine = line;
      // A first row that starts with an id is data, not a header: a UUID is no column name.
      const data = this.kind.test(this.header[0] ?? '');
      // --column names the column "in every CSV file given": a file of one id per line given
      // beside a CSV one (`--contacts-file export.csv --lists-file lists.txt --column id`) has
      // no header to look it up in, and is read as one id per line.
      if (this.column !== undefined && !(data && this.header.length === 1)) this.findColumn(line);
      else if (data) this.row(line, cells);
      return;
    }
    this.row(line, cells);
  }

  private findColumn(line: number): void {
    const header = this.header!;
    const column = this.column!;
    let index = header.indexOf(column);
    if (index < 0) {
      const loose = header.flatMap((h, i) => (h.toLowerCase() === column.toLowerCase() ? [i] : []));
      if (loose.length === 1) index = loose[0]!;
    }
    if (index < 0) {
      this.fail(`--column: ${this.name} has no column ${shown(column)}`, `the header on line ${line} names: ${header.map((h) => shown(h)).join(', ')}`);
      return;
    }
    this.index = index;
    this.label = `column ${shown(header[index]!)}`;
  }

  /** Under a header of several columns, the first of which holds no value yet: the values may be in another. */
  private otherColumnHint(): string | undefined {
    const header = this.header!;
    if (this.column !== undefined || this.count > 0 || header.length < 2 || this.kind.test(header[0] ?? '')) return undefined;
    return `the first column is read unless --column names another; the header on line ${this.headerLine} names: ${header.map((h) => shown(h)).join(', ')}`;
  }

  private row(line: number, cells: string[]): void {
    const value = (cells[this.index] ?? '').trim();
    if (value === '') return this.badValue(`${this.name}:${line}: no ${this.kind.noun} in ${this.label}`);
    if (!this.kind.test(value)) return this.badValue(`${this.name}:${line}: ${shown(value)} is not ${this.kind.what}`, this.otherColumnHint());
    this.count++;
    this.onId(value, line);
  }
}

/**
 * The ids of one source's bytes, in order (duplicates kept), or the error that wins.
 * `name` is how errors name the source: the path as typed, or "stdin".
 * With `column`, the text must be CSV with a header that has that column.
 */
export function parseIdBytes(bytes: Uint8Array, name: string, column?: string): string[] {
  const ids: string[] = [];
  const decoder = new IdDecoder(name);
  const parser = new IdTextParser(name, column, (id) => ids.push(id));
  parser.push(decoder.push(bytes));
  parser.push(decoder.end());
  const error = decoder.error ?? parser.end();
  if (error) throw error;
  return ids;
}

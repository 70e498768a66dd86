import { UsageError } from '../errors.js';
import { readFileBounded } from './bounded.js';

// Ids from files and stdin, for commands that take thousands of them
// (`lists attach --contacts-file export.csv`). Two formats:
//  - one id per line;
//  - CSV (RFC 4180) with a header row: the first column, or the one --column names.
// A UTF-8 BOM, CRLF line ends and blank lines are fine. The first value that is
// not a UUID stops everything with `<file>:<line>: "<value>" is not a UUID`
// (exit 2), before anything is sent: nothing is ever skipped silently.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** How a value appears in an error: quoted, cut at 60 characters, control characters escaped. */
function shown(value: string): string {
  const cut = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return JSON.stringify(cut);
}

/**
 * Bytes of an id file as text: UTF-8 with or without a BOM, or UTF-16 with its
 * BOM (what spreadsheet programs write as "Unicode text"). Anything else is refused.
 */
export function decodeIdBytes(bytes: Uint8Array, name: string): string {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UsageError(`${name}: not UTF-8 text`, { hint: 'save the file as UTF-8 (or UTF-16 with a byte order mark)' });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) {
    throw new UsageError(`${name}: not a text file (it contains NUL bytes)`, { hint: 'save the file as UTF-8 text, one id per line or CSV' });
  }
  return text;
}

interface CsvRecord {
  line: number;
  cells: string[];
}

/** RFC 4180 records with the line each starts on; quoted cells may hold commas, quotes and line breaks. */
export function csvRecords(text: string, name: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) throw new UsageError(`${name}:${start}: a quoted CSV value is never closed`);
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
          cell += ch;
          i++;
        }
      }
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') cell += text[i++];
      cells.push(cell);
      if (i >= n) break;
      if (text[i] === ',') {
        i++;
        continue;
      }
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      break;
    }
    records.push({ line: start, cells });
  }
  return records;
}

const isBlank = (r: CsvRecord) => r.cells.every((c) => c.trim() === '');

/** Does the text look like CSV? Its first non-blank line has a comma, or starts with a quote. */
function looksLikeCsv(text: string): boolean {
  const first = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '');
  return first !== undefined && (first.includes(',') || first.trimStart().startsWith('"'));
}

function fromLines(text: string, name: string): string[] {
  const ids: string[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const value = raw.trim();
    if (value === '') return;
    if (!isUuid(value)) {
      throw new UsageError(`${name}:${index + 1}: ${shown(value)} is not a UUID`, {
        hint: ids.length === 0 ? 'if this line is a CSV header, name the column of ids with --column NAME' : undefined,
      });
    }
    ids.push(value);
  });
  return ids;
}

function fromCsv(text: string, name: string, column: string | undefined): string[] {
  const records = csvRecords(text, name).filter((r) => !isBlank(r));
  if (records.length === 0) return [];
  const header = records[0]!.cells.map((c) => c.trim());
  let index = 0;
  let rows = records.slice(1);
  if (column !== undefined) {
    index = header.indexOf(column);
    if (index < 0) {
      const loose = header.flatMap((h, i) => (h.toLowerCase() === column.toLowerCase() ? [i] : []));
      if (loose.length === 1) index = loose[0]!;
    }
    if (index < 0) {
      throw new UsageError(`--column: ${name} has no column ${shown(column)}`, {
        hint: `the header on line ${records[0]!.line} names: ${header.map((h) => shown(h)).join(', ')}`,
      });
    }
  } else if (isUuid(header[0] ?? '')) {
    // A first row that starts with an id is data, not a header: a UUID is no column name.
    rows = records;
  }
  const label = column === undefined ? 'the first column' : `column ${shown(header[index]!)}`;
  return rows.map((r) => {
    const value = (r.cells[index] ?? '').trim();
    if (value === '') throw new UsageError(`${name}:${r.line}: no id in ${label}`);
    if (!isUuid(value)) throw new UsageError(`${name}:${r.line}: ${shown(value)} is not a UUID`);
    return value;
  });
}

/**
 * The ids of one file's text, in file order (duplicates kept: see uniqueIds).
 * `name` is how errors name the source: the path as typed, or "stdin".
 * With `column`, the text must be CSV with a header that has that column.
 */
export function parseIdText(text: string, name: string, column?: string): string[] {
  return column !== undefined || looksLikeCsv(text) ? fromCsv(text, name, column) : fromLines(text, name);
}

/** Reads the file (or stdin for "-") named by a flag; a missing or unreadable file is a usage error naming the flag. */
export async function readIdSource(
  flag: string,
  path: string,
  readStdin: () => Promise<Uint8Array>,
  column?: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const name = path === '-' ? 'stdin' : path;
  let bytes: Uint8Array;
  if (path === '-') bytes = await readStdin();
  else {
    try {
      bytes = await readFileBounded(path, name, signal);
    } catch (error) {
      if (error instanceof UsageError || signal?.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
      throw new UsageError(`${flag}: cannot read ${shown(path)}: ${why}`);
    }
  }
  return parseIdText(decodeIdBytes(bytes, name), name, column);
}

export interface UniqueIds {
  ids: string[];
  /** how many repeats were dropped */
  duplicates: number;
}

/** First occurrence wins; UUIDs compare case-insensitively. */
export function uniqueIds(ids: Iterable<string>): UniqueIds {
  const seen = new Set<string>();
  const out: string[] = [];
  let duplicates = 0;
  for (const id of ids) {
    const key = id.toLowerCase();
    if (seen.has(key)) duplicates++;
    else {
      seen.add(key);
      out.push(id);
    }
  }
  return { ids: out, duplicates };
}

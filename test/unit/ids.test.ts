import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { Readable } from 'node:stream';
import { IdSource } from '../../src/input/id-source.js';
import { UuidSet } from '../../src/input/id-set.js';
import { IdTextParser, parseIdBytes } from '../../src/input/id-parser.js';
import { IdDecoder } from '../../src/input/ids.js';

const A = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
const B = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';
const C = '00000000-0000-4000-8000-000000000003';

/** 60 ids, each ended by \n, \r\n, \r or \r\n\r in turn. */
const MIXED_BREAKS = Array.from({ length: 60 }, (_, i) => `${[A, B, C][i % 3]}${['\n', '\r\n', '\r', '\r\n\r'][i % 4]}`).join('');

const parseIdText = (text: string, name: string, column?: string) => parseIdBytes(Buffer.from(text), name, column);

/** The same bytes pushed `size` bytes at a time: the streaming decoder and parser must not care where chunks end. */
function parseInPieces(bytes: Buffer, name: string, size: number, column?: string): string[] {
  const ids: string[] = [];
  const decoder = new IdDecoder(name);
  const parser = new IdTextParser(name, column, (id) => ids.push(id));
  for (let i = 0; i < bytes.length; i += size) parser.push(decoder.push(bytes.subarray(i, i + size)));
  parser.push(decoder.end());
  const error = decoder.error ?? parser.end();
  if (error) throw error;
  return ids;
}

function usage(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('one id per line', () => {
  it('trims, skips blank lines and accepts CRLF and lone CR line ends', () => {
    expect(parseIdText(`  ${A}  \r\n\r\n${B}\r${C}\n\n`, 'ids.txt')).toEqual([A, B, C]);
  });

  it('names the file and line of the first bad id', () => {
    const e = usage(() => parseIdText(`${A}\n\n${B}x\nnope\n`, 'contacts.txt'));
    expect(e.message).toBe(`contacts.txt:3: "${B}x" is not a UUID`);
  });

  // what `mailctl contact list --csv --fields id` writes: a CSV of one column, with its header
  it.each([
    [`id\n${A}\n${B}\n`, [A, B]],
    [`\r\ncontact_id\r\n${A}\r\n`, [A]],
    [`List ID\n${A}\n`, [A]],
    ['id\n', []],
  ])('a first line that is a column name heads a CSV of one column: %j', (text, ids) => {
    expect(parseIdText(text, 'ids.csv')).toEqual(ids);
  });

  it('only the first line can be that header; a bad first line that is no column name hints at --column', () => {
    expect(usage(() => parseIdText(`id\nid\n${A}\n`, 'c.txt')).message).toBe('c.txt:2: "id" is not a UUID');
    expect(usage(() => parseIdText(`${A}\ncontact_id\n`, 'c.txt')).message).toBe('c.txt:2: "contact_id" is not a UUID');
    const e = usage(() => parseIdText(`${A.slice(0, 30)}\n${A}\n`, 'c.txt'));
    expect(e.message).toBe(`c.txt:1: "${A.slice(0, 30)}" is not a UUID`);
    expect(e.hint).toMatch(/--column/);
  });

  it('cuts a very long bad value in the message', () => {
    const e = usage(() => parseIdText('x'.repeat(500), 'f'));
    expect(e.message.length).toBeLessThan(100);
  });

  it('an empty or blank text has no ids', () => {
    expect(parseIdText('', 'f')).toEqual([]);
    expect(parseIdText('\n \r\n', 'f')).toEqual([]);
  });
});

describe('CSV with a header', () => {
  it('takes the first column by default', () => {
    expect(parseIdText(`id,email\n${A},a@example.com\n${B},"b, with comma"\n`, 'c.csv')).toEqual([A, B]);
  });

  it('takes the --column it is told, exactly or case-insensitively', () => {
    const text = `email,Contact_ID\r\na@example.com,${A}\r\nb@example.com, ${B} \r\n`;
    expect(parseIdText(text, 'c.csv', 'Contact_ID')).toEqual([A, B]);
    expect(parseIdText(text, 'c.csv', 'contact_id')).toEqual([A, B]);
  });

  it('--column makes a single-column file with a header CSV', () => {
    expect(parseIdText(`contact_id\n${A}\n`, 'c.csv', 'contact_id')).toEqual([A]);
  });

  it('--column leaves a file of one id per line as it is (the column is looked up "in every CSV file given")', () => {
    expect(parseIdText(`${A}\n${B}\n`, 'lists.txt', 'contact_id')).toEqual([A, B]);
    // a header that is a single UUID is still no column name, but a header that is not one must have the column
    expect(usage(() => parseIdText(`id\n${A}\n`, 'c.csv', 'contact_id')).message).toBe('--column: c.csv has no column "contact_id"');
  });

  it('a missing column is named with the header it did find', () => {
    const e = usage(() => parseIdText(`id,email\n${A},x\n`, 'c.csv', 'contact_id'));
    expect(e.message).toBe('--column: c.csv has no column "contact_id"');
    expect(e.hint).toContain('"id", "email"');
  });

  it('reports the line of a bad id, counting line breaks inside quoted values', () => {
    const text = `id,note\n${A},"two\nlines"\n\nabc,x\n`;
    const e = usage(() => parseIdText(text, 'contacts.csv'));
    expect(e.message).toBe('contacts.csv:5: "abc" is not a UUID');
  });

  it('an empty id cell is an error, a row of empty cells is a blank line', () => {
    expect(parseIdText(`id,email\n${A},x\n,,\n`, 'c.csv')).toEqual([A]);
    const e = usage(() => parseIdText(`id,email\n${A},x\n,b@example.com\n`, 'c.csv'));
    expect(e.message).toBe('c.csv:3: no id in the first column');
  });

  it('quoted ids and doubled quotes are read as RFC 4180 says', () => {
    expect(parseIdText(`"id","say ""hi"""\n"${A}","x"\n`, 'c.csv')).toEqual([A]);
    expect(parseIdText(`a,"b ""c"""\nx,${A}\n`, 'f', 'b "c"')).toEqual([A]);
    expect(usage(() => parseIdText(`a,\nx,\n`, 'f', 'a')).message).toBe('f:2: "x" is not a UUID');
  });

  it('an unterminated quote names the line it starts on', () => {
    const e = usage(() => parseIdText(`id\n"${A}\n`, 'c.csv', 'id'));
    expect(e.message).toBe('c.csv:2: a quoted CSV value is never closed');
  });

  it('a first row that starts with an id is data, not a header', () => {
    expect(parseIdText(`${A},first\n${B},second\n`, 'c.csv')).toEqual([A, B]);
  });
});

describe('bytes and files', () => {
  it('drops a UTF-8 BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${A}\r\n`)]);
    expect(parseIdBytes(bytes, 'f')).toEqual([A]);
  });

  it('a UTF-8 BOM before a CSV header does not become part of the column name', () => {
    expect(parseIdBytes(Buffer.from(`\uFEFFcontact_id,email\n${A},x\n`), 'f', 'contact_id')).toEqual([A]);
  });

  it('reads UTF-16 with its BOM (spreadsheet "Unicode text")', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${A}\r\n${B}\r\n`, 'utf16le')]);
    expect(parseIdBytes(le, 'f')).toEqual([A, B]);
    const be = Buffer.from(le);
    be.swap16();
    expect(parseIdBytes(be, 'f')).toEqual([A, B]);
  });

  it('refuses bytes that are not UTF-8, and binary files', () => {
    expect(usage(() => parseIdBytes(Buffer.from([0x41, 0xc3, 0x28]), 'x.bin')).message).toBe('x.bin: not UTF-8 text');
    expect(usage(() => parseIdBytes(Buffer.from([0x41, 0x00, 0x42]), 'x.bin')).message).toMatch(/^x\.bin: not a text file/);
  });

  it('a bytes error anywhere wins over a bad id before it, as when the text was read whole', () => {
    expect(usage(() => parseIdBytes(Buffer.from(`${A}\nbad\n\u0000\n`), 'f')).message).toMatch(/^f: not a text file/);
    expect(usage(() => parseIdBytes(Buffer.concat([Buffer.from(`bad\n`), Buffer.from([0xc3, 0x28])]), 'f')).message).toBe('f: not UTF-8 text');
    expect(usage(() => parseIdText(`id\nbad\n"${A}\n`, 'c.csv', 'id')).message).toBe('c.csv:3: a quoted CSV value is never closed');
  });

  it('counts every kind of line break, even where a chunk ends between the \\r and \\n of a CRLF', () => {
    const ids = Array.from({ length: 60 }, (_, i) => [A, B, C][i % 3]!);
    for (const size of [1, 2, 37, 64, 100]) expect(parseInPieces(Buffer.from(MIXED_BREAKS), 'f', size)).toEqual(ids);
    // 60 lines of ids and 15 blank ones (every fourth id ends in \r\n\r), 2 blank, line 78 an id
    const e = usage(() => parseInPieces(Buffer.from(`${MIXED_BREAKS}\r\r\n${A}\rnope\r\n${B}`), 'f', 64));
    expect(e.message).toBe('f:79: "nope" is not a UUID');
  });

  it('gives the same ids and errors however the bytes are cut into chunks', () => {
    const samples: Array<[string | Buffer, string?]> = [
      [`  ${A}  \r\n\r\n${B}\r${C}\n\n`],
      [`\n\n  \r\n${A}\r\n${B}`],
      [`id,note\r\n${A},"two\r\nlines ""q"""\r\n\r\n${B},x\r${C},"a\rb"\n`],
      [`email,Contact_ID\r\na@example.com,${A}\r\nb@example.com, ${B} \r\n`, 'contact_id'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${A}\r\n${B}\r\n`, 'utf16le')])],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`id,é\n${A},ü\n`)])],
      [`${A}\n\n${B}x\nnope\n`],
      [`id\n"${A}\n`, 'id'],
      [`${A}\n${B}\n`, 'contact_id'],
      [`id,note\n${A},"x"\n\nabc,"y\nz"\n`],
      [MIXED_BREAKS],
      [`${MIXED_BREAKS}\r\r\n${A}\rnope\r\n${B}`],
    ];
    const outcome = (fn: () => string[]) => {
      try {
        return fn();
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const [sample, column] of samples) {
      const bytes = Buffer.isBuffer(sample) ? sample : Buffer.from(sample);
      const whole = outcome(() => parseIdBytes(bytes, 'f', column));
      for (const size of [1, 2, 3, 7, 64, 100]) expect(outcome(() => parseInPieces(bytes, 'f', size, column))).toEqual(whole);
    }
  });

  it('reads a file, names it in errors, and names the flag when it cannot be read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ids-'));
    writeFileSync(join(dir, 'ok.txt'), `${A}\n${B}\n`);
    writeFileSync(join(dir, 'bad.txt'), `${A}\nzzz\n`);
    const ids = async (flag: string, path: string, stdin: Readable = Readable.from([])) => {
      const source = await IdSource.open({ flag, given: [], path, stdin, signal: new AbortController().signal });
      try {
        const out: string[] = [];
        for await (const chunk of source.chunks(50)) out.push(...chunk.ids);
        return out;
      } finally {
        await source.close();
      }
    };
    expect(await ids('--contacts-file', join(dir, 'ok.txt'))).toEqual([A, B]);
    await expect(ids('--contacts-file', join(dir, 'bad.txt'))).rejects.toThrow(`${join(dir, 'bad.txt')}:2: "zzz" is not a UUID`);
    await expect(ids('--lists-file', join(dir, 'missing.txt'))).rejects.toThrow(/^--lists-file: cannot read ".*missing\.txt": no such file$/);
    await expect(ids('--lists-file', dir)).rejects.toThrow(/it is a directory/);
    await expect(ids('--contacts-file', '-', Readable.from([Buffer.from(`${A}\nbad\n`)]))).rejects.toThrow('stdin:2: "bad" is not a UUID');
  });
});

describe('duplicates', () => {
  it('keeps the first of each id, comparing case-insensitively, and counts the rest', async () => {
    const given = [A, B, A.toUpperCase(), C, B];
    const source = await IdSource.open({ flag: '--contact', given, stdin: Readable.from([]), signal: new AbortController().signal });
    const out: string[] = [];
    for await (const chunk of source.chunks(50)) out.push(...chunk.ids);
    expect({ ids: out, count: source.count, duplicates: source.duplicates }).toEqual({ ids: [A, B, C], count: 3, duplicates: 2 });
  });
});

describe('UuidSet', () => {
  it('tells repeats from new ids while it grows, in any case, the nil UUID included', () => {
    const set = new UuidSet();
    const id = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${(i * 7919).toString(16).padStart(12, '0')}`;
    for (let i = 0; i < 5000; i++) expect(set.add(id(i))).toBe(true);
    for (let i = 0; i < 5000; i++) expect(set.add(id(i).toUpperCase())).toBe(false);
    expect(set.add('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(set.add('00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(set.add('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
    expect(set.size).toBe(5002);
  });
});

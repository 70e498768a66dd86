// Issue 31 item 3: event fields written into CSV files that people open in spreadsheets.
// A cell starting with =, +, -, @, a tab or a carriage return is run as a formula there
// (mailbox_provider "=cmd|' /C calc'!A0"). Every CSV output neutralises such text cells with a
// leading single quote (OWASP); plain numbers stay; --csv-raw keeps the bytes as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell } from '../../src/output/cells.js';
import { fakeClock, runInProcess } from '../helpers/context.js';
import { scriptedServer } from '../helpers/server.js';

const KEY = `lttr_${'f'.repeat(64)}`;
const clock = fakeClock();
const at = new Date(clock.now() - 3_600_000).toISOString();

const HOSTILE = ["=cmd|' /C calc'!A0", '+SUM(A1:A9)', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1', '=HYPERLINK("http://evil.example","x")'];

/** One page of events whose provider, domain, subject and reason are the hostile strings. */
const events = HOSTILE.map((text, i) => ({
  event_id: String(900 + i),
  type: i % 2 === 0 ? 'bounce' : 'delivery',
  timestamp: at,
  request_id: `req-${i}`,
  rcpt_to: `user${i}@example.org`,
  recipient_domain: text,
  mailbox_provider: text,
  subject: text,
  reason: text,
  bounce_class: i % 2 === 0 ? 10 : undefined,
}));

let server: Awaited<ReturnType<typeof scriptedServer>>;
beforeAll(async () => {
  server = await scriptedServer([
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'ok', data: { events: { data: events, total_count: events.length, pagination: { next_cursor: null } } } }));
    },
  ]);
});
afterAll(() => server.close());

const run = (args: string[]) => runInProcess(args, { emulator: false, key: null, clock, env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });

/** RFC 4180 records into cells (quotes and line breaks inside quoted cells respected). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ''), i++;
    } else cell += c;
  }
  return rows;
}

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const formulaCells = (rows: string[][]) => rows.flat().filter((c) => FORMULA.test(c) && !NUMBER.test(c));

describe('CSV cells that a spreadsheet would run', () => {
  it('events list -o csv: every hostile field is written with a leading quote, nothing else changes', async () => {
    const r = await run(['events', 'list', '-o', 'csv', '--fields', 'event_id,type,mailbox_provider,recipient_domain,subject,reason', '--from', '1d']);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = csvCells(r.stdout);
    expect(rows[0]).toEqual(['event_id', 'type', 'mailbox_provider', 'recipient_domain', 'subject', 'reason']);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    expect(formulaCells(rows)).toEqual([]);
    for (const [i, text] of HOSTILE.entries()) expect(rows[i + 1]!.slice(2), text).toEqual(Array(4).fill(`'${text}`));
  });

  it('report --by domain and --by provider -o csv: the row keys are neutralised too', async () => {
    for (const by of ['domain', 'provider']) {
      const r = await run(['report', '--by', by, '-o', 'csv', '--from', '1d']);
      expect(r.exitCode, r.stderr).toBe(0);
      const rows = csvCells(r.stdout);
      expect(formulaCells(rows)).toEqual([]);
      expect(rows.slice(1).map((row) => row[0]).sort()).toEqual(HOSTILE.map((t) => `'${t}`).sort());
    }
  });

  it('--csv-raw writes the cells exactly as sent', async () => {
    const r = await run(['--csv-raw', 'events', 'list', '-o', 'csv', '--fields', 'mailbox_provider', '--from', '1d']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(csvCells(r.stdout).slice(1).map((row) => row[0])).toEqual(HOSTILE);
  });

  it('plain numbers, negative or signed, stay numbers; other text is untouched', () => {
    for (const n of [-1.5, -3, 0, 2.25]) expect(csvCell(n, 'number')).toBe(String(n));
    for (const text of ['-1.5', '+3', '-0.25', '2e-3', '-7E+2']) expect(csvCell(text)).toBe(text);
    expect(csvCell(-1.25, 'percent')).toBe('-1.3');
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('gmail.com')).toBe('gmail.com');
    expect(csvCell('a=b, c')).toBe('"a=b, c"');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('\r=1', 'text')).toBe(`"'\r=1"`);
  });
});

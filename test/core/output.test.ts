import { describe, expect, it } from 'vitest';
import { writeDetail } from '../../src/output/detail.js';
import { checkFields } from '../../src/output/fields.js';
import { createListWriter } from '../../src/output/list.js';
import type { Format, ListSpec, OutputTarget } from '../../src/output/types.js';

interface Row {
  id: string;
  name: string;
  sent_at: string | null;
  rate: number | null;
}

const spec: ListSpec<Row> = {
  fields: ['id', 'name', 'sent_at', 'rate', 'extra'],
  columns: [
    { key: 'id', header: 'ID', value: (r) => r.id },
    { key: 'name', header: 'NAME', value: (r) => r.name },
    { key: 'sent_at', header: 'SENT', value: (r) => r.sent_at, kind: 'time' },
    { key: 'rate', header: 'RATE', value: (r) => r.rate, kind: 'percent' },
  ],
};

const rows: Row[] = [
  { id: 'a1', name: 'Spring, "big" sale', sent_at: '2026-11-20T10:00:00.000Z', rate: 12.345 },
  { id: 'b2', name: 'tab\there', sent_at: null, rate: null },
];

function target(format: Format, opts: Partial<OutputTarget> = {}) {
  let out = '';
  const t: OutputTarget = {
    format,
    isTTY: false,
    columns: 80,
    color: false,
    now: () => Date.parse('2026-11-21T00:00:00Z'),
    write: async (text) => void (out += text),
    ...opts,
  };
  return { t, text: () => out };
}

async function writeAll(t: OutputTarget, pages: Row[][]) {
  const w = createListWriter(t, spec);
  for (const page of pages) await w.write(page);
  await w.end();
}

describe('list output', () => {
  it('pipes tab-separated rows with no header and ISO times', async () => {
    const { t, text } = target('table');
    await writeAll(t, [rows]);
    expect(text()).toBe('a1\tSpring, "big" sale\t2026-11-20T10:00:00.000Z\t12.3\nb2\ttab here\t\t\n');
  });

  it('writes JSON as one array across pages', async () => {
    const { t, text } = target('json');
    await writeAll(t, [[rows[0]!], [], [rows[1]!]]);
    expect(JSON.parse(text())).toEqual(rows);
    expect(text()).toBe(`[\n${JSON.stringify(rows[0])},\n${JSON.stringify(rows[1])}\n]\n`);
  });

  it('writes an empty JSON array when there are no rows', async () => {
    const { t, text } = target('json');
    await writeAll(t, [[]]);
    expect(text()).toBe('[]\n');
  });

  it('writes one compact object per line as NDJSON', async () => {
    const { t, text } = target('ndjson');
    await writeAll(t, [[rows[0]!], [rows[1]!]]);
    expect(text()).toBe(`${JSON.stringify(rows[0])}\n${JSON.stringify(rows[1])}\n`);
  });

  it('writes RFC 4180 CSV with a header, quoting and CRLF', async () => {
    const { t, text } = target('csv');
    await writeAll(t, [rows]);
    expect(text()).toBe('id,name,sent_at,rate\r\na1,"Spring, ""big"" sale",2026-11-20T10:00:00.000Z,12.3\r\nb2,tab\there,,\r\n');
  });

  it('keeps only --fields in JSON and picks columns for CSV, in the order given', async () => {
    const a = target('ndjson', { fields: ['name', 'id'] });
    await writeAll(a.t, [[rows[0]!]]);
    expect(a.text()).toBe('{"name":"Spring, \\"big\\" sale","id":"a1"}\n');
    const b = target('csv', { fields: ['rate', 'extra'] });
    await writeAll(b.t, [[rows[0]!]]);
    expect(b.text()).toBe('rate,extra\r\n12.3,\r\n');
  });

  it('rejects an unknown --fields name and lists the valid ones', () => {
    expect(() => checkFields(['id', 'nope'], spec.columns, spec.fields)).toThrow('--fields: unknown field "nope"');
    try {
      checkFields(['nope'], spec.columns, spec.fields);
    } catch (error) {
      expect((error as { hint: string }).hint).toBe('valid fields: id, name, sent_at, rate, extra');
      expect((error as { exitCode: number }).exitCode).toBe(2);
    }
  });

  it('renders an aligned table with a header on a TTY, without colour when colour is off', async () => {
    const { t, text } = target('table', { isTTY: true });
    await writeAll(t, [rows]);
    const lines = text().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+SENT \(UTC[^)]*\)\s+RATE$/);
    expect(lines[1]).toMatch(/^a1\s+Spring, "big" sale\s+2026-11-\d\d \d\d:00:00\s+12\.3%$/);
    expect(lines[2]).toMatch(/^b2\s+tab\there\s+-\s+-$/);
    expect(text()).not.toMatch(/\u001b\[/);
    // columns line up: every value starts where its header starts
    expect(lines[1]!.indexOf('Spring')).toBe(lines[0]!.indexOf('NAME'));
  });

  it('colours the header on a TTY when colour is on', async () => {
    const { t, text } = target('table', { isTTY: true, color: true });
    await writeAll(t, [rows]);
    expect(text()).toContain('\u001b[1mID\u001b[22m');
  });

  it('truncates the widest column to fit a narrow terminal', async () => {
    const long = { id: 'c3', name: 'x'.repeat(200), sent_at: null, rate: 1 };
    const { t, text } = target('table', { isTTY: true, columns: 60 });
    await writeAll(t, [[long]]);
    for (const line of text().trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(text()).toContain('…');
  });
});

describe('detail output', () => {
  const obj = { id: 'a1', name: 'n', stats: { opens: 3 } };
  const sections = [{ fields: [{ key: 'id', label: 'ID', value: 'a1' }, { key: 'name', label: 'Name', value: 'n' }, { key: 'open_pct', label: 'Open rate', value: 25, kind: 'percent' as const }] }];

  it('prints the API object itself as JSON', async () => {
    const { t, text } = target('json');
    await writeDetail(t, obj, sections);
    expect(JSON.parse(text())).toEqual(obj);
  });

  it('prints key<TAB>value lines in a pipe', async () => {
    const { t, text } = target('table');
    await writeDetail(t, obj, sections);
    expect(text()).toBe('id\ta1\nname\tn\nopen_pct\t25.0\n');
  });

  it('prints one header and one row as CSV', async () => {
    const { t, text } = target('csv');
    await writeDetail(t, obj, sections);
    expect(text()).toBe('id,name,open_pct\r\na1,n,25.0\r\n');
  });

  it('prints aligned labels on a TTY', async () => {
    const { t, text } = target('table', { isTTY: true });
    await writeDetail(t, obj, sections);
    expect(text()).toBe('ID         a1\nName       n\nOpen rate  25.0%\n');
  });
});

describe('table fitting', () => {
  interface Ev {
    id: string;
    at: string;
    status: string;
    text: string;
  }
  const columns = [
    { key: 'id', header: 'ID', value: (r: Ev) => r.id, minWidth: 36 },
    { key: 'at', header: 'TIME', value: (r: Ev) => r.at, kind: 'time' as const },
    { key: 'status', header: 'STATUS', value: (r: Ev) => r.status, kind: 'status' as const },
    { key: 'text', header: 'TEXT', value: (r: Ev) => r.text },
  ];

  it('cuts free text first and keeps ids, times and statuses whole', async () => {
    const row = { id: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', at: '2026-11-20T10:00:00.000Z', status: 'scheduled', text: 'y'.repeat(120) };
    const { t, text } = target('table', { isTTY: true, columns: 100 });
    const w = createListWriter(t, { columns, fields: [] });
    await w.write([row]);
    await w.end();
    const line = text().split('\n')[1]!;
    expect(line).toContain(row.id);
    expect(line).toMatch(/2026-11-\d\d \d\d:00:00/);
    expect(line).toContain('scheduled');
    expect(line).toContain('…');
    expect(line.length).toBeLessThanOrEqual(100);
  });

  // Terminal cells, not UTF-16 units: a CJK character or an emoji takes two cells.
  const wide = { id: 'w1', at: '2026-11-20T10:00:00.000Z', status: 'sent', text: '中文の件名 🚀 done' };
  const cellsOf = (line: string) => [...line].reduce((n, ch) => n + (/[\u3000-\u9fff]|\p{Emoji_Presentation}/u.test(ch) ? 2 : 1), 0);

  it('keeps a wide-character cell whole when it fits, and lines the next column up after it', async () => {
    const cols = [columns[3]!, columns[2]!];
    for (const streamTable of [false, true]) {
      const { t, text } = target('table', { isTTY: true, columns: 80 });
      const w = createListWriter(t, { columns: cols, fields: [] }, { streamTable });
      await w.write([wide, { ...wide, text: 'plain' }]);
      await w.end();
      const [header, first, second] = text().split('\n');
      expect(first).toContain(wide.text);
      expect(cellsOf(first!.slice(0, first!.indexOf('sent')))).toBe(header!.indexOf('STATUS'));
      expect(second!.indexOf('sent')).toBe(header!.indexOf('STATUS'));
    }
  });

  // An emoji of several code points is one picture two cells wide; a letter and its accent, one.
  const SEQUENCES: Array<[string, string]> = [
    ['family (ZWJ)', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}'],
    ['skin tone', '\u{1f44d}\u{1f3fd}'],
    ['flag', '\u{1f1eb}\u{1f1f7}'],
    ['VS16', '\u2764\ufe0f'],
    ['keycap', '1\ufe0f\u20e3'],
  ];
  it.each(SEQUENCES)('an emoji sequence (%s) takes two cells: the next column lines up, a cut keeps it whole', async (_, emoji) => {
    const cols = [columns[3]!, columns[2]!];
    for (const streamTable of [false, true]) {
      const { t, text } = target('table', { isTTY: true, columns: 80 });
      const w = createListWriter(t, { columns: cols, fields: [] }, { streamTable });
      await w.write([{ ...wide, text: `${emoji} team` }, { ...wide, text: 'plain' }, { ...wide, text: 'Cafe\u0301 team' }]);
      await w.end();
      const [header, first, second, third] = text().split('\n');
      // two cells for the emoji, five for " team", then the padding up to STATUS
      expect(2 + first!.slice(emoji.length, first!.indexOf('sent')).length, first).toBe(header!.indexOf('STATUS'));
      expect(second!.indexOf('sent')).toBe(header!.indexOf('STATUS'));
      expect(third!.indexOf('sent') - 1, third).toBe(header!.indexOf('STATUS'));
    }
    // a 20-column terminal leaves the text 12 cells (after STATUS and the gap): 11 and the ellipsis
    for (const [before, kept] of [[9, emoji], [10, '']] as const) {
      const { t, text } = target('table', { isTTY: true, columns: 20 });
      const w = createListWriter(t, { columns: [columns[2]!, columns[3]!], fields: [] }, { streamTable: false });
      await w.write([{ ...wide, text: `${'a'.repeat(before)}${emoji}${'y'.repeat(30)}` }]);
      await w.end();
      expect(text().split('\n')[1]!.trimEnd().replace(/^sent\s+/, '')).toBe(`${'a'.repeat(before)}${kept}…`);
    }
  });

  it('cuts a wide-character cell on a character, within the width', async () => {
    for (const streamTable of [false, true]) {
      const { t, text } = target('table', { isTTY: true, columns: 20 });
      const w = createListWriter(t, { columns: [columns[2]!, columns[3]!], fields: [] }, { streamTable });
      await w.write([{ ...wide, text: '中文'.repeat(20) }]);
      await w.end();
      const line = text().split('\n')[1]!;
      expect(line).toMatch(/^sent\s+(中文)+中?…$/);
      expect(cellsOf(line)).toBeLessThanOrEqual(20);
    }
  });
});

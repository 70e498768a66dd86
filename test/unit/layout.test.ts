import { describe, expect, it } from 'vitest';
import { layoutColumns } from '../../src/output/layout.js';
import type { Column } from '../../src/output/types.js';

type Row = Record<string, string>;
const col = (key: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({ key, header: key.toUpperCase(), value: (r) => r[key], ...extra });
const keys = (l: { columns: Column<Row>[] }) => l.columns.map((c) => c.key);
const line = (widths: number[], gap = 2) => widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);

describe('table layout engine', () => {
  const columns = [
    col('id', { whole: true }),
    col('when', { kind: 'time' }),
    col('name', { minWidth: 10 }),
    col('extra', { priority: 1, minWidth: 8 }),
    col('more', { priority: 2, minWidth: 8 }),
  ];
  const natural = [36, 19, 30, 20, 20];

  it('keeps every column at its natural width when the terminal is wide enough', () => {
    const l = layoutColumns(columns, natural, { available: 200, gap: 2, drop: true });
    expect(keys(l)).toEqual(['id', 'when', 'name', 'extra', 'more']);
    expect(l.widths).toEqual(natural);
  });

  it('gives width up from the lowest priority first, down to its minimum, before other columns', () => {
    const l = layoutColumns(columns, natural, { available: 125, gap: 2, drop: true });
    expect(keys(l)).toHaveLength(5);
    expect(l.widths).toEqual([36, 19, 30, 12, 20]);
    expect(line(l.widths)).toBe(125);
  });

  it('drops columns lowest priority first while their minimum widths do not fit', () => {
    // minimum widths 36 + 19 + 10 + 8 + 8 and four gaps make 89: "extra" goes, "more" still fits
    const l = layoutColumns(columns, natural, { available: 80, gap: 2, drop: true });
    expect(keys(l)).toEqual(['id', 'when', 'name', 'more']);
    expect(l.widths).toEqual([36, 19, 11, 8]);
    expect(keys(layoutColumns(columns, natural, { available: 70, gap: 2, drop: true }))).toEqual(['id', 'when', 'name']);
  });

  it('never drops a column without a priority, and never cuts a whole one (the line overflows instead)', () => {
    const l = layoutColumns(columns, natural, { available: 40, gap: 2, drop: true });
    expect(keys(l)).toEqual(['id', 'when', 'name']);
    expect(l.widths[0]).toBe(36);
    expect(l.widths[1]).toBe(19);
    expect(l.widths[2]).toBe(1);
  });

  it('keeps every column the user chose (--fields) and only narrows them', () => {
    const l = layoutColumns(columns, natural, { available: 80, gap: 2, drop: false });
    expect(keys(l)).toHaveLength(5);
    expect(l.widths.slice(0, 2)).toEqual([36, 19]);
  });

  it('caps a text column at maxWidth but never a whole one', () => {
    const l = layoutColumns([col('a', { maxWidth: 5 }), col('b', { maxWidth: 5, whole: true })], [20, 20], { available: 200, gap: 2, drop: true });
    expect(l.widths).toEqual([5, 20]);
  });
});

describe('the events table on a terminal', () => {
  const recipients = ['short@x.io', 'firstname.lastname@company.example', 'someone@example.com'];
  const events = recipients.map((rcpt_to, i) => ({
    event_id: `e${i}`, timestamp: '2026-03-10T12:00:00Z', type: ['bounce', 'out_of_band', 'delivery'][i], rcpt_to, bounce_class: 10,
    reason: 'smtp; 550 5.1.1 mailbox unavailable, user unknown in virtual mailbox table', subject: 'Your November invoice is ready to download', mailbox_provider: 'Microsoft Outlook',
  }));

  it.each([80, 120])('shows every recipient whole on %i columns, buffered and streamed', async (width) => {
    // (a recipient longer than the terminal leaves allows still prints whole: the line is then wider)
    const { createListWriter } = await import('../../src/output/list.js');
    const { eventListSpec } = await import('../../src/commands/events/columns.js');
    for (const streamTable of [false, true]) {
      let text = '';
      const target = { format: 'table' as const, isTTY: true, columns: width, color: false, now: () => 0, write: async (t: string) => void (text += t) };
      const writer = createListWriter(target, eventListSpec, { streamTable });
      await writer.write(events);
      await writer.end();
      for (const r of recipients) expect(text).toContain(r);
      const [header, ...rows] = text.trimEnd().split('\n');
      expect(rows).toHaveLength(3);
      for (const line of [header, ...rows]) expect(line!.length).toBeLessThanOrEqual(width);
      // The bounce reason keeps room; provider, then subject are given up first.
      expect(header).toContain('DETAIL');
      if (width === 80) expect(header).not.toMatch(/SUBJECT|PROVIDER/);
      if (width === 120) expect(header).toMatch(/^TIME \(UTC[^)]*\)\s+TYPE\s+RECIPIENT\s+SUBJECT\s+(PROVIDER\s+)?DETAIL$/);
    }
  });
});

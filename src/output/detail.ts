import { csvCell, csvLine, tsvCell, tsvLine, ttyCell, ttyHeader } from './cells.js';
import type { Column, ColumnKind, OutputTarget } from './types.js';
import { jsonText } from './json.js';
import { UsageError } from '../errors.js';

/** One labelled value of a show command. `key` is what --fields and pipes use. */
export interface DetailField {
  key: string;
  label: string;
  value: unknown;
  kind?: ColumnKind;
}

/** A block of a show command: labelled values, or a small table (an email's event timeline). */
export interface DetailSection {
  title?: string;
  fields?: DetailField[];
  table?: { columns: Column<any>[]; rows: readonly unknown[] };
}

function pick(obj: unknown, fields: string[]): unknown {
  const raw = (obj ?? {}) as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f, f in raw ? raw[f] : null]));
}

/** The names --fields accepts for this object: its own keys and the detail keys. */
function checkDetailFields(obj: unknown, sections: DetailSection[], requested: string[] | undefined): void {
  if (!requested) return;
  const valid = new Set([...Object.keys((obj ?? {}) as object), ...sections.flatMap((s) => (s.fields ?? []).map((f) => f.key))]);
  const unknown = requested.filter((f) => !valid.has(f));
  if (unknown.length > 0) {
    throw new UsageError(`--fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}`, {
      hint: `valid fields: ${[...valid].join(', ')}`,
    });
  }
}

/**
 * Writes one resource. json/ndjson print the API object itself (or its
 * --fields keys); csv prints one header and one row; a pipe gets key<TAB>value
 * lines then any table rows tab-separated; a TTY gets aligned labels and tables.
 */
export async function writeDetail(target: OutputTarget, obj: unknown, sections: DetailSection[]): Promise<void> {
  checkDetailFields(obj, sections, target.fields);
  const fields = sections.flatMap((s) => s.fields ?? []);
  const chosen = target.fields ? target.fields.map((k) => fields.find((f) => f.key === k) ?? { key: k, label: k, value: (obj as Record<string, unknown>)?.[k] }) : fields;
  switch (target.format) {
    case 'json':
      // indented in pipes too, as it always was (one object, small); coloured on a terminal
      return target.write(`${jsonText(target.fields ? pick(obj, target.fields) : obj, target, true)}\n`);
    case 'ndjson':
      return target.write(`${JSON.stringify(target.fields ? pick(obj, target.fields) : obj)}\n`);
    case 'csv':
      return target.write(csvLine(chosen.map((f) => csvCell(f.key))) + csvLine(chosen.map((f) => csvCell(f.value, f.kind, target.csvRaw))));
  }
  if (!target.isTTY) {
    let text = chosen.map((f) => `${f.key}\t${tsvCell(f.value, f.kind)}\n`).join('');
    if (!target.fields) {
      for (const s of sections) if (s.table) for (const row of s.table.rows) text += tsvLine(s.table.columns, row);
    }
    return target.write(text);
  }
  const [{ colouriser }, { renderTable }] = await Promise.all([import('./colour.js'), import('./table.js')]);
  const { chalk, status } = colouriser(target.color);
  const shown = target.fields ? [{ fields: chosen }] : sections;
  const label = (f: DetailField) => ttyHeader(f.label, f.kind, target);
  const width = Math.max(0, ...shown.flatMap((s) => (s.fields ?? []).map((f) => label(f).length)));
  let text = '';
  for (const section of shown) {
    if (text) text += '\n';
    if (section.title) text += `${chalk.bold(section.title)}\n`;
    for (const f of section.fields ?? []) {
      const cell = ttyCell(f.value, f.kind, target.now(), target.utc);
      text += `${chalk.dim(label(f).padEnd(width))}  ${f.kind === 'status' ? status(cell) : cell}\n`;
    }
    if ('table' in section && section.table) {
      text += section.table.rows.length ? renderTable(target, section.table.columns, section.table.rows) : `${chalk.dim('(none)')}\n`;
    }
  }
  return target.write(text);
}

/** Stands for the streamed array in the text of the rest (JSON escapes \u0001, so no value prints like it). */
const STREAMED = '\u0001streamed';

/**
 * writeDetail for an object one of whose values is a long array made while it is written (a
 * bulk plan holding a million ids): json and ndjson print exactly what writeDetail would print,
 * the array one element at a time; the other formats never show that array (its detail fields
 * and table are enough), except when --fields names it: it is then collected first.
 */
export async function writeDetailStreamed(
  target: OutputTarget,
  obj: Record<string, unknown>,
  sections: DetailSection[],
  key: string,
  items: () => AsyncIterable<unknown>,
): Promise<void> {
  const whole = { ...obj, [key]: STREAMED };
  checkDetailFields(whole, sections, target.fields);
  const json = target.format === 'json';
  if (target.fields && !target.fields.includes(key)) return writeDetail(target, whole, sections);
  if (!json && target.format !== 'ndjson') {
    if (!target.fields) return writeDetail(target, whole, sections);
    const all: unknown[] = [];
    for await (const item of items()) all.push(item);
    return writeDetail(target, { ...obj, [key]: all }, sections);
  }
  const shown = target.fields ? pick(whole, target.fields) : whole;
  // The object sits at the top: its array is one level in, the array's elements two.
  const text = json ? jsonText(shown, target, true) : JSON.stringify(shown);
  const mark = json ? jsonText(STREAMED, target) : JSON.stringify(STREAMED);
  const at = text.indexOf(mark);
  await target.write(`${text.slice(0, at)}[`);
  let first = true;
  for await (const item of items()) {
    const element = json ? jsonText(item, target, true).replace(/^/gm, '    ') : JSON.stringify(item);
    await target.write(`${first ? (json ? '\n' : '') : json ? ',\n' : ','}${element}`);
    first = false;
  }
  await target.write(`${first || !json ? ']' : '\n  ]'}${text.slice(at + mark.length)}\n`);
}

/**
 * The object handed to writeDetail: every name --fields asked for must exist
 * on it (writeDetail refuses unknown names, and by then the request is sent).
 * Computed values fill the names the API object does not have.
 */
export function withRequested(obj: Record<string, unknown>, fields: string[] | undefined, computed: Record<string, unknown> = {}): Record<string, unknown> {
  if (!fields) return obj;
  const out = { ...obj };
  for (const f of fields) if (!(f in out)) out[f] = f in computed ? computed[f] : null;
  return out;
}

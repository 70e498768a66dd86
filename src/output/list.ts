import { csvCell, csvLine, tsvLine } from './cells.js';
import { jsonText } from './json.js';
import { pickFields, selectColumns } from './fields.js';
import type { TablePrinter } from './table.js';
import type { ListSpec, ListWriter, OutputTarget } from './types.js';

export type { ListWriter };

/**
 * Streams rows in the chosen format as pages arrive, so `--all` over a
 * million events uses as little memory as one page. A table on a TTY waits
 * for the end (it sizes its columns from every row) unless `streamTable` asks
 * for the streaming table.
 */
export interface ListWriterOptions {
  /** Print a terminal table as rows come, sized from the first ones (long listings). */
  streamTable?: boolean;
  /** Indent each row of a JSON array; default: on a terminal, where a person reads it. */
  prettyJson?: boolean;
  /**
   * Each row is already its compact JSON text (the archive keeps events as the API sent them):
   * NDJSON without --fields writes it as it is, without a parse and a re-serialisation.
   */
  rowsAreJson?: boolean;
}

/** Rows rendered into one write: a normal page (at most 100 rows) is one write. */
const WRITE_SLICE = 1000;

export function createListWriter<T>(target: OutputTarget, spec: ListSpec<T>, opts: ListWriterOptions = {}): ListWriter<T> {
  const columns = selectColumns(target.fields, spec.columns);
  let count = 0;
  let started = false;
  let ended = false;
  // A terminal table: the table printer (and chalk) load with the first rows, so no other format pays for them.
  let table: TablePrinter<T> | undefined;

  const start = async () => {
    if (started) return;
    started = true;
    if (target.format === 'table' && target.isTTY) {
      // A listing that runs for long (--all, --follow) prints as rows come, sized from the first ones.
      table = (await import('./table.js')).tablePrinter(target, columns, { stream: Boolean(opts.streamTable) });
    }
    if (target.format === 'csv') await target.write(csvLine(columns.map((c) => csvCell(c.key))));
    if (target.format === 'json') await target.write('[');
  };

  /** The rows as text in the chosen format (a TTY table that is not streamed keeps them and returns nothing). */
  const render = (rows: readonly T[]): string => {
    let text = '';
    switch (target.format) {
      case 'ndjson':
        if (opts.rowsAreJson && !target.fields) for (const row of rows) text += `${row as string}\n`;
        else for (const row of rows) text += `${JSON.stringify(pickFields(row, target.fields, spec.columns))}\n`;
        break;
      case 'json':
        for (const row of rows) {
          // indented (and coloured when allowed) on a terminal, compact in a pipe
          const value = pickFields(row, target.fields, spec.columns);
          const pretty = opts.prettyJson ?? target.isTTY;
          const json = pretty ? `  ${jsonText(value, target, true).replace(/\n/g, '\n  ')}` : jsonText(value, target, false);
          text += `${count === 0 && text === '' ? '\n' : ',\n'}${json}`;
        }
        break;
      case 'csv':
        for (const row of rows) text += csvLine(columns.map((c) => csvCell(c.value(row), c.kind, target.csvRaw)));
        break;
      default:
        if (table) text += table.add(rows);
        else for (const row of rows) text += tsvLine(columns, row);
    }
    return text;
  };

  return {
    get count() {
      return count;
    },
    async write(rows) {
      await start();
      // A page is written in slices of rows: a page of 200,000 rows (only a broken server sends
      // one) is never turned into one string of its own size beside its objects.
      for (let i = 0; i < rows.length; i += WRITE_SLICE) {
        const slice = rows.length <= WRITE_SLICE ? rows : rows.slice(i, i + WRITE_SLICE);
        const text = render(slice);
        count += slice.length;
        if (text) await target.write(text);
      }
    },
    async end() {
      if (ended) return;
      ended = true;
      await start();
      if (target.format === 'json') await target.write(count === 0 ? ']\n' : '\n]\n');
      // a table with no row prints nothing, not a lone header
      const rest = table && count > 0 ? table.end() : '';
      if (rest) await target.write(rest);
    },
  };
}

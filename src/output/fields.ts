import { UsageError } from '../errors.js';
import type { Column } from './types.js';

/** Splits --fields a,b,c; an empty entry is a usage error rather than a silent blank column. */
export function parseFieldList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const fields = text.split(',').map((f) => f.trim());
  if (fields.length === 0 || fields.some((f) => f === '')) {
    throw new UsageError(`--fields must be a comma-separated list of field names (got "${text}")`);
  }
  return [...new Set(fields)];
}

/** Every name --fields accepts for a resource: its API fields and its column keys. */
function validFieldNames<T>(columns: Column<T>[], fields: readonly string[]): string[] {
  return [...new Set([...fields, ...columns.map((c) => c.key)])];
}

/** Checks --fields before anything is sent; an unknown name lists the valid ones. */
export function checkFields<T>(requested: string[] | undefined, columns: Column<T>[], fields: readonly string[]): void {
  if (!requested) return;
  const valid = validFieldNames(columns, fields);
  const unknown = requested.filter((f) => !valid.includes(f));
  if (unknown.length > 0) {
    throw new UsageError(`--fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}`, {
      hint: `valid fields: ${valid.join(', ')}`,
    });
  }
}

/** A command that prints no fields (one value, a script, a notice): every --fields name is unknown, before anything is done. */
export function checkNoFields(requested: string[] | undefined, prints: string): void {
  if (!requested) return;
  throw new UsageError(`--fields: unknown field${requested.length > 1 ? 's' : ''} ${requested.map((f) => `"${f}"`).join(', ')}`, {
    hint: `this command prints ${prints}: it has no fields`,
  });
}

/** The columns to print: the defaults, or one per --fields name (a column where one exists, else the raw field). */
export function selectColumns<T>(requested: string[] | undefined, columns: Column<T>[]): Column<T>[] {
  if (!requested) return columns;
  return requested.map(
    (key) =>
      columns.find((c) => c.key === key) ?? {
        key,
        header: key.toUpperCase().replace(/_/g, ' '),
        value: (row: T) => (row as Record<string, unknown>)[key],
      },
  );
}

/** The JSON object to print: the API's object, or only the --fields keys (computed columns included). */
export function pickFields<T>(row: T, requested: string[] | undefined, columns: Column<T>[]): unknown {
  if (!requested) return row;
  const out: Record<string, unknown> = {};
  for (const key of requested) {
    const raw = row as Record<string, unknown>;
    if (raw && typeof raw === 'object' && key in raw) out[key] = raw[key];
    else {
      const column = columns.find((c) => c.key === key);
      out[key] = column ? column.value(row) : null;
    }
  }
  return out;
}

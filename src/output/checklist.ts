import { Chalk } from 'chalk';
import { escapeControls } from './terminal-text.js';
import { createListWriter } from './list.js';
import { renderMarkdown, verdictText, type MarkdownSummary, type Tone } from './markdown.js';
import type { Column, ListSpec, OutputTarget } from './types.js';

// The one checklist printer (`doctor`, `campaign check` and its `--check` runs,
// `domain verify`): one row per check, each passed, worth attention, failed,
// or skipped (a check that does not apply, which does not count). On a
// terminal the finding is never cut (it is the point of the command): one line
// per check, the fix on its own line under it. In a pipe, csv or ndjson the
// rows are a plain list; --json is `{"ok", "checks": [...]}` for the commands
// that print a document, the list's array for the others; -o markdown is a page
// for CI jobs: heading, verdict, table.

export type CheckStatus = 'pass' | 'warn' | 'fail';
/** `skip`: a row shown but not judged (a DNS record the domain does not need). */
export type CheckState = CheckStatus | 'skip';

/** A check with its own fix (doctor): what was checked, what was found, how to mend it. */
export interface ChecklistRow {
  name: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
}

/** How one command's checks print: its columns and fields, plus what makes them a checklist. */
export interface ChecklistSpec<T> extends ListSpec<T> {
  /** The row's result: its symbol, its colour, and whether it lets the checklist pass. */
  state(row: T): CheckState;
  /** What the row checks ("unsubscribe_link", "DKIM"): the verdict names the ones that do not pass. */
  name(row: T): string;
  /** The column that shows the result: markdown writes it as the verdict word with its emoji. */
  resultColumn: string;
  /** What a row is, for the verdict line: "check" (default), "record". */
  noun?: string;
  /** The markdown heading after "mailctl": "doctor — profile default". */
  title?: string;
  /** --json prints `{"ok", ...document, "checks": rows}`; without it, the rows as a JSON array. */
  document?: Record<string, unknown>;
  /** On a terminal: a line per check instead of a table. */
  line?: (row: T) => { name: string; detail: string; fix?: string };
}

const CHECK_SYMBOL: Record<CheckState, string> = { pass: '✔', warn: '!', fail: '✘', skip: '-' };

/** True when no row is a warning or a failure (skipped rows do not count). */
function checklistPassed<T>(spec: Pick<ChecklistSpec<T>, 'state'>, rows: readonly T[]): boolean {
  return rows.every((r) => {
    const s = spec.state(r);
    return s === 'pass' || s === 'skip';
  });
}

/** Writes the rows; true when every check passed. */
export async function writeChecklist<T>(target: OutputTarget, spec: ChecklistSpec<T>, rows: readonly T[]): Promise<boolean> {
  const ok = checklistPassed(spec, rows);
  if (target.format === 'markdown') {
    await target.write(renderMarkdown(target, markdownSummary(spec, rows)));
  } else if (target.format === 'json' && spec.document) {
    await target.write(`${JSON.stringify({ ok, ...spec.document, checks: rows }, null, 2)}\n`);
  } else if (target.format === 'table' && target.isTTY && spec.line) {
    await target.write(terminalText(target, spec, rows));
  } else {
    const writer = createListWriter(target, spec);
    await writer.write(rows);
    await writer.end();
  }
  return ok;
}

function terminalText<T>(target: OutputTarget, spec: ChecklistSpec<T>, rows: readonly T[]): string {
  const chalk = new Chalk({ level: target.color ? 1 : 0 });
  const paint = { pass: chalk.green, warn: chalk.yellow, fail: chalk.red, skip: chalk.dim };
  const lines = rows.map((r) => ({ state: spec.state(r), ...spec.line!(r) }));
  const width = Math.max(0, ...lines.map((l) => l.name.length));
  let text = '';
  for (const l of lines) {
    text += `${paint[l.state](CHECK_SYMBOL[l.state])} ${chalk.bold(escapeControls(l.name).padEnd(width))}  ${escapeControls(l.detail)}\n`;
    if (l.fix) text += `${' '.repeat(width + 4)}${chalk.dim('fix:')} ${escapeControls(l.fix)}\n`;
  }
  return text;
}

const TONE: Record<CheckState, Tone> = { pass: 'good', warn: 'warn', fail: 'bad', skip: 'none' };

/** "2 of 10 checks fail: subject, recipients" — and which need attention, and which do not apply. */
function markdownSummary<T>(spec: ChecklistSpec<T>, rows: readonly T[]): MarkdownSummary<T> {
  const noun = spec.noun ?? 'check';
  const names = (state: CheckState) => rows.filter((r) => spec.state(r) === state).map((r) => spec.name(r));
  const [failed, warned, skipped] = [names('fail'), names('warn'), names('skip')];
  const judged = rows.length - skipped.length;
  const plural = (n: number) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (failed.length) parts.push(`${failed.length} of ${plural(judged)} ${failed.length === 1 ? 'fails' : 'fail'}: ${failed.join(', ')}`);
  if (warned.length) parts.push(`${warned.length}${failed.length ? '' : ` of ${plural(judged)}`} ${warned.length === 1 ? 'needs' : 'need'} attention: ${warned.join(', ')}`);
  if (!parts.length) parts.push(judged === 1 ? `the ${noun} passes` : `all ${plural(judged)} pass`);
  if (skipped.length) parts.push(`not needed: ${skipped.join(', ')}`);
  const state: CheckState = failed.length ? 'fail' : warned.length ? 'warn' : 'pass';
  return {
    title: spec.title ?? 'checks',
    verdict: { tone: TONE[state], word: state, detail: parts.join('; ') },
    columns: spec.columns,
    rows,
    blankHeader: 'Result',
    cell: (column, row) => {
      if (column.key !== spec.resultColumn) return undefined;
      const s = spec.state(row);
      return verdictText(TONE[s], s === 'skip' ? String(column.value(row)) : s);
    },
  };
}

/** A ChecklistRow as JSON and list rows: `ok` beside the status, `fix` only where there is one. */
export type ChecklistEntry = ChecklistRow & { ok: boolean };

export function checklistEntries(rows: readonly ChecklistRow[]): ChecklistEntry[] {
  return rows.map((r) => ({ name: r.name, status: r.status, ok: r.status === 'pass', detail: r.detail, ...(r.fix ? { fix: r.fix } : {}) }));
}

const ENTRY_COLUMNS: Column<ChecklistEntry>[] = [
  { key: 'status', header: '', value: (c) => CHECK_SYMBOL[c.status] },
  { key: 'name', header: 'CHECK', value: (c) => c.name },
  { key: 'detail', header: 'FOUND', value: (c) => c.detail },
  { key: 'fix', header: 'FIX', value: (c) => c.fix ?? '' },
];

/** The layout of ChecklistRow checks: symbol, name, finding, fix; `document` adds keys to the JSON object, `title` heads markdown. */
export function entrySpec(title: string, document: Record<string, unknown> = {}): ChecklistSpec<ChecklistEntry> {
  return {
    columns: ENTRY_COLUMNS, fields: ['name', 'status', 'ok', 'detail', 'fix'],
    state: (c) => c.status, name: (c) => c.name, resultColumn: 'status', title, document, line: (c) => c,
  };
}

import { Chalk } from 'chalk';
import { escapeControls } from './terminal-text.js';
import { createListWriter } from './list.js';
import type { ListSpec, OutputTarget } from './types.js';

// A checklist: one row per check, each passed, worth attention, or failed, with
// what was found and the fix. On a terminal the finding is never cut (it is the
// point of the command): the fix goes on its own line under it. In a pipe, csv
// or ndjson it is a plain list; --json is `{"ok", "checks": [...]}`.

type CheckStatus = 'pass' | 'warn' | 'fail';

export interface ChecklistRow {
  name: string;
  status: CheckStatus;
  detail: string;
  fix?: string;
}

const CHECK_SYMBOL: Record<CheckStatus, string> = { pass: '✔', warn: '!', fail: '✘' };

const SPEC: ListSpec<ChecklistRow & { ok: boolean }> = {
  columns: [
    { key: 'status', header: '', value: (c) => CHECK_SYMBOL[c.status] },
    { key: 'name', header: 'CHECK', value: (c) => c.name },
    { key: 'detail', header: 'FOUND', value: (c) => c.detail },
    { key: 'fix', header: 'FIX', value: (c) => c.fix ?? '' },
  ],
  fields: ['name', 'status', 'ok', 'detail', 'fix'],
};

/** Writes the rows; true when every check passed. `extra` adds top-level keys to the JSON object. */
export async function writeChecklist(target: OutputTarget, rows: ChecklistRow[], extra: Record<string, unknown> = {}): Promise<boolean> {
  const ok = rows.every((r) => r.status === 'pass');
  const withOk = rows.map((r) => ({ name: r.name, status: r.status, ok: r.status === 'pass', detail: r.detail, ...(r.fix ? { fix: r.fix } : {}) }));
  if (target.format === 'json') {
    await target.write(`${JSON.stringify({ ok, ...extra, checks: withOk }, null, 2)}\n`);
  } else if (target.format === 'table' && target.isTTY) {
    await target.write(terminalText(target, rows));
  } else {
    const writer = createListWriter(target, SPEC);
    await writer.write(withOk);
    await writer.end();
  }
  return ok;
}

function terminalText(target: OutputTarget, rows: ChecklistRow[]): string {
  const chalk = new Chalk({ level: target.color ? 1 : 0 });
  const paint = { pass: chalk.green, warn: chalk.yellow, fail: chalk.red };
  const width = Math.max(...rows.map((r) => r.name.length));
  let text = '';
  for (const r of rows) {
    text += `${paint[r.status](CHECK_SYMBOL[r.status])} ${chalk.bold(r.name.padEnd(width))}  ${escapeControls(r.detail)}\n`;
    if (r.fix) text += `${' '.repeat(width + 4)}${chalk.dim('fix:')} ${escapeControls(r.fix)}\n`;
  }
  return text;
}

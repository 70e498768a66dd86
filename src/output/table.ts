import Table from 'cli-table3';
import { Chalk } from 'chalk';
import { ttyCell } from './cells.js';
import type { Column, OutputTarget } from './types.js';

const STATUS_COLOURS: Record<string, 'green' | 'yellow' | 'red' | 'cyan' | 'gray' | 'blue'> = {
  sent: 'green', delivered: 'green', success: 'green', enabled: 'green', subscribed: 'green', delivery: 'green',
  scheduled: 'cyan', sending: 'blue', preparing: 'blue', in_review: 'yellow', draft: 'gray',
  healthy: 'green', warning: 'yellow', critical: 'red', pass: 'green', fail: 'red',
  failed: 'red', failure: 'red', bounced: 'red', bounce: 'red', disabled: 'gray', spam_complaint: 'red', policy_rejection: 'red',
};

export function colouriser(enabled: boolean) {
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  return {
    chalk,
    status: (text: string) => {
      const colour = STATUS_COLOURS[text];
      return colour ? chalk[colour](text) : text;
    },
  };
}

const TRUNCATE = '…';

/** Kinds whose cells are short and lose their meaning when cut: they keep their width. */
const FIXED_KINDS = new Set(['time', 'reltime', 'status', 'number', 'percent', 'bool']);

/**
 * Shrinks the widest shrinkable column, one character at a time, until the
 * table fits the terminal. Times, statuses and numbers are never cut, nor is
 * any column below its minWidth (ids), so free text (names, subjects,
 * addresses) gives way first.
 */
function fitWidths<T>(columns: Column<T>[], natural: number[], available: number, gap: number): number[] {
  const widths = [...natural];
  const floor = columns.map((c, i) =>
    FIXED_KINDS.has(c.kind ?? 'text') ? natural[i]! : Math.min(natural[i]!, Math.max(6, c.header.length, c.minWidth ?? 0) + gap),
  );
  while (widths.reduce((a, b) => a + b, 0) > available) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i]! > floor[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = widths[widest]! - 1;
  }
  return widths;
}

/** A borderless, aligned table for people at a terminal, as wide as the terminal allows. */
export function renderTable<T>(target: OutputTarget, columns: Column<T>[], rows: readonly T[]): string {
  const { chalk, status } = colouriser(target.color);
  const texts = rows.map((row) => columns.map((c) => ttyCell(c.value(row), c.kind, target.now())));
  const gap = 2;
  const natural = columns.map((c, i) =>
    Math.min(c.maxWidth ?? Infinity, Math.max(c.header.length, ...texts.map((r) => r[i]!.length))) + gap,
  );
  const widths = fitWidths(columns, natural, Math.max(20, target.columns), gap);
  const table = new Table({
    head: columns.map((c) => chalk.bold(c.header)),
    colWidths: widths,
    truncate: TRUNCATE,
    wordWrap: false,
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
      'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '',
    },
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': gap },
  });
  for (const row of texts) {
    table.push(row.map((text, i) => (columns[i]!.kind === 'status' ? status(text) : text)));
  }
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}

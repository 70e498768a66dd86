import { escapeControls } from './terminal-text.js';
import { instantMs } from '../time-units.js';
import type { Column, ColumnKind, OutputTarget } from './types.js';
import { SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../time-units.js';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Wall-clock time for people, local (TZ) or UTC: 2026-11-20 14:03:22. The zone is named in the
 * header (its offset at `zoneAt`), not in each cell; a local time whose offset is not the
 * header's (the other side of a daylight-saving change) says its own, 2026-11-01 01:30:00 -04:00,
 * since the hour after a fall-back change would otherwise read twice, under an offset it lacks.
 */
function wallTime(iso: string, utc: boolean, zoneAt: number): string {
  const d = new Date(instantMs(iso));
  if (Number.isNaN(d.getTime())) return iso;
  if (utc) return d.toISOString().slice(0, 19).replace('T', ' ');
  const text = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const offset = -d.getTimezoneOffset();
  if (offset === -new Date(zoneAt).getTimezoneOffset()) return text;
  const abs = Math.abs(offset);
  return `${text} ${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "UTC" or "UTC+01:00": the zone times are shown in (the local zone's offset at `at`). */
function zoneLabel(utc: boolean, at: number): string {
  const offset = utc ? 0 : -new Date(at).getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const abs = Math.abs(offset);
  return `UTC${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A column's or a field's name on a terminal: a time says its zone
 * ("TIME (UTC+01:00)"), since hints and `today` are UTC while cells may be local.
 */
export function ttyHeader(header: string, kind: ColumnKind | undefined, target: Pick<OutputTarget, 'utc' | 'now'>): string {
  return kind === 'time' ? `${header} (${zoneLabel(Boolean(target.utc), target.now())})` : header;
}

/** "3h ago", "in 5m": for times where recency is what matters. */
export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const diff = Math.round((t - now) / 1000);
  const abs = Math.abs(diff);
  const [n, unit] =
    abs < SECONDS_PER_MINUTE ? [abs, 's'] : abs < SECONDS_PER_HOUR ? [Math.floor(abs / SECONDS_PER_MINUTE), 'm'] : abs < SECONDS_PER_DAY ? [Math.floor(abs / SECONDS_PER_HOUR), 'h'] : [Math.floor(abs / SECONDS_PER_DAY), 'd'];
  if (abs < 5) return 'just now';
  return diff < 0 ? `${n}${unit} ago` : `in ${n}${unit}`;
}

/** Raw text of a value for pipes and CSV: ISO times, JSON for objects, empty for null. */
function plainCell(value: unknown, kind: ColumnKind = 'text'): string {
  if (value === null || value === undefined) return '';
  if (kind === 'percent' && typeof value === 'number') return value.toFixed(1);
  if (kind === 'list' && Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Text of a value for people on a terminal (colour is added by the table
 * renderer). Values come from the API: line breaks become spaces (a cell is one
 * line) and any other control character is shown, not sent to the terminal.
 */
export function ttyCell(value: unknown, kind: ColumnKind = 'text', now: number = Date.now(), utc = false, zoneAt = now): string {
  return escapeControls(ttyText(value, kind, now, utc, zoneAt).replace(/[\r\n]+/g, ' '));
}

/** `zoneAt`: the instant whose offset the header names (ttyHeader); `now` is for relative times. */
function ttyText(value: unknown, kind: ColumnKind, now: number, utc: boolean, zoneAt: number): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (kind) {
    case 'time':
      return typeof value === 'string' ? wallTime(value, utc, zoneAt) : String(value);
    case 'reltime':
      return typeof value === 'string' ? relativeTime(value, now) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${value.toFixed(1)}%` : String(value);
    case 'bool':
      return value ? 'yes' : 'no';
    case 'list':
      return Array.isArray(value) ? String(value.length) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A cell of a markdown page (output/markdown.ts escapes it): text for people, times in UTC (a page is read anywhere, and later). */
export function pageCell(value: unknown, kind: ColumnKind = 'text'): string {
  return ttyText(value, kind === 'reltime' ? 'time' : kind, 0, true, 0);
}

/** A tab-separated cell must not carry tabs or line breaks of its own. */
export function tsvCell(value: unknown, kind?: ColumnKind): string {
  return plainCell(value, kind).replace(/[\t\r\n]+/g, ' ');
}

// A spreadsheet opening a CSV file runs a cell that starts with one of these as a formula
// (=cmd|' /C calc'!A0, +, -, @, and a tab or carriage return before them). Such text cells get a
// leading single quote, as OWASP recommends; a plain number (-1.5, +3, 2e-3) is data, not a
// formula, and stays as it is. --csv-raw turns this off for pipelines that want the bytes as sent.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The text a spreadsheet will not evaluate: a quote before a cell that would start a formula. */
function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180: quote when the field has a comma, quote or line break; double inner quotes.
 * Formula-like text is neutralised unless `raw` (--csv-raw) asks for the bytes as sent.
 */
export function csvCell(value: unknown, kind?: ColumnKind, raw = false): string {
  const plain = plainCell(value, kind);
  const text = raw ? plain : neutraliseFormula(plain);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

export function tsvLine<T>(columns: Column<T>[], row: T): string {
  return `${columns.map((c) => tsvCell(c.value(row), c.kind)).join('\t')}\n`;
}

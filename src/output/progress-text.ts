// The text of the progress lines on stderr (an export's live count, the bar of
// a bulk run): pure, so a display only decides where and when to draw it.

import { MS_PER_SECOND, SECONDS_PER_HOUR, SECONDS_PER_MINUTE } from '../time-units.js';
import { counted, thousands as n } from '../counts.js';

const WIDTH = 20;

/** "41s", "3m 07s", "2h 05m". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / MS_PER_SECOND));
  if (s < SECONDS_PER_MINUTE) return `${s}s`;
  if (s < SECONDS_PER_HOUR) return `${Math.floor(s / SECONDS_PER_MINUTE)}m ${String(s % SECONDS_PER_MINUTE).padStart(2, '0')}s`;
  return `${Math.floor(s / SECONDS_PER_HOUR)}h ${String(Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE)).padStart(2, '0')}m`;
}

/** Never wider than the terminal: a wrapped line cannot be redrawn in place. */
export function fitLine(text: string, columns: number | undefined): string {
  return columns !== undefined && columns > 1 && text.length >= columns ? text.slice(0, columns - 1) : text;
}

/** `events: 12,400 rows · 124 pages · 1,850 rows/s · ETA 41s` (an ETA when the total is known, else "of N"). */
export function exportText(noun: string, rows: number, pages: number, perSecond: number | undefined, total: number | undefined): string {
  const parts = [`${noun}: ${counted(rows, 'row')}`, counted(pages, 'page')];
  if (perSecond !== undefined) parts.push(`${n(perSecond)} rows/s`);
  if (total !== undefined && perSecond) parts.push(`ETA ${durationText((Math.max(0, total - rows) / perSecond) * MS_PER_SECOND)}`);
  else if (total !== undefined) parts.push(`of ${n(total)}`);
  return parts.join(' · ');
}

/** `attaching [██████░░░░░░░░░░░░░░] 150,000/1,200,000 pairs · 3/40 requests · ETA 9s` */
export function barText(verbing: string, requests: [number, number], items: [number, number], elapsedMs: number, unit: string): string {
  const [requestsDone, totalRequests] = requests;
  const [done, total] = items;
  const filled = Math.round((total === 0 ? 1 : done / total) * WIDTH);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
  // Requests take about the same time each (the rate limit sets the pace), so the ETA counts requests.
  const eta = requestsDone === 0 ? '…' : durationText((elapsedMs / requestsDone) * (totalRequests - requestsDone));
  return `${verbing} [${bar}] ${n(done)}/${n(total)} ${unit} · ${requestsDone}/${totalRequests} requests · ETA ${eta}`;
}

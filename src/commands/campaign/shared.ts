import type { Campaign } from '../../api/campaigns.js';
import { uuid } from '../../input/values.js';
import { arg } from '../define.js';

// What the campaign verbs share: the id argument, the rates computed from
// stats, the sandbox refusal and the display of a time in UTC and local time.

/** The campaign id argument, checked as a UUID before anything is sent. */
export const campaignIdArg = arg('campaign id (UUID)', { parse: uuid });

/** An id for the examples. */
export const EXAMPLE_ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';

/** A share as a percentage, or null when there is nothing to divide by (shown as "-"). */
function percent(part: number | null | undefined, whole: number | null | undefined): number | null {
  if (typeof part !== 'number' || typeof whole !== 'number' || !(whole > 0)) return null;
  return (part / whole) * 100;
}

export interface CampaignRates {
  /** deliveries / injections (sent_count when stats has no injections) */
  delivery_rate: number | null;
  /** unique_opens / deliveries */
  open_rate: number | null;
  /** unique_clicks / deliveries */
  click_rate: number | null;
  /** bounces / injections */
  bounce_rate: number | null;
  /** spam_complaints / deliveries */
  complaint_rate: number | null;
  /** unsubscribes / deliveries */
  unsubscribe_rate: number | null;
}

export function campaignRates(c: Campaign): CampaignRates {
  const s = c.stats ?? {};
  const sent = s.injections ?? c.sent_count;
  return {
    delivery_rate: percent(s.deliveries, sent),
    open_rate: percent(s.unique_opens, s.deliveries),
    click_rate: percent(s.unique_clicks, s.deliveries),
    bounce_rate: percent(s.bounces, sent),
    complaint_rate: percent(s.spam_complaints, s.deliveries),
    unsubscribe_rate: percent(s.unsubscribes, s.deliveries),
  };
}


function pad(n: number): string {
  return String(Math.abs(n)).padStart(2, '0');
}

/** 2026-12-01T08:00:00Z: the UTC instant, without milliseconds when they are zero. */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

/** 2026-12-01 09:00:00 +01:00 (Europe/Berlin): the wall-clock time where the command runs. */
export function localText(ms: number): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${date} ${off < 0 ? '-' : '+'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}${zone ? ` (${zone})` : ''}`;
}

/** A string time from the API as ms, or undefined when it is absent or unreadable. */
export function timeMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
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

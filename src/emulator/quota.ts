// The free tier's sending quota (spec 6.3, 6.4): one email per recipient, team-wide, reset at
// midnight UTC (daily) and at the start of the next month (monthly). A free-tier team's sends
// carry X-Daily-* and X-Monthly-* on 200/201 and on the 429 that refuses them; paid teams
// (quota null) get neither. Sandbox sends are free (spec 5.3) and never reach this.
import { ApiError } from './api-error.js';
import type { FreeQuota } from './sending-types.js';
import { MS_PER_DAY } from '../time-units.js';

function roll(q: FreeQuota, now: number): void {
  const day = Math.floor(now / MS_PER_DAY);
  const d = new Date(now);
  const month = d.getUTCFullYear() * 12 + d.getUTCMonth();
  if (q.day !== day) {
    q.day = day;
    q.dayUsed = 0;
  }
  if (q.month !== month) {
    q.month = month;
    q.monthUsed = 0;
  }
}

function headers(q: FreeQuota): Record<string, string> {
  const year = Math.floor(q.month / 12);
  const nextMonth = Date.UTC(year, (q.month % 12) + 1, 1);
  return {
    'X-Daily-Limit': String(q.dailyLimit),
    'X-Daily-Remaining': String(Math.max(0, q.dailyLimit - q.dayUsed)),
    'X-Daily-Reset': String(((q.day + 1) * MS_PER_DAY) / 1000),
    'X-Monthly-Limit': String(q.monthlyLimit),
    'X-Monthly-Remaining': String(Math.max(0, q.monthlyLimit - q.monthUsed)),
    'X-Monthly-Reset': String(nextMonth / 1000),
  };
}

/**
 * Spends `n` emails of the quota, or throws the 429 (with the headers) when they do not fit:
 * `quota_exceeded` for the month, `daily_quota_exceeded` for the day (4.3 only: 4.5 lists no
 * daily code, so a scheduled send is refused on the monthly cap alone). Returns the headers.
 */
export function spendQuota(q: FreeQuota | null, n: number, now: number, daily: boolean): Record<string, string> {
  if (q === null) return {};
  roll(q, now);
  if (q.monthUsed + n > q.monthlyLimit) {
    throw new ApiError(429, { message: 'Monthly sending quota exceeded. Upgrade your plan or wait for the next month.', error_code: 'quota_exceeded' }, headers(q));
  }
  if (daily && q.dayUsed + n > q.dailyLimit) {
    throw new ApiError(429, { message: 'Daily sending quota exceeded. Try again after midnight UTC.', error_code: 'daily_quota_exceeded' }, headers(q));
  }
  q.monthUsed += n;
  q.dayUsed += n;
  return headers(q);
}

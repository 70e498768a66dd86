import { UsageError } from './errors.js';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from './time-units.js';

// Durations and bounded whole numbers, as flags and settings give them: a leaf,
// so that config/ and input/ both use it without importing each other.

const UNIT_MS: Record<string, number> = { ms: 1, s: MS_PER_SECOND, m: MS_PER_MINUTE, h: MS_PER_HOUR };

/** "30s", "500ms", "2m", "1h", or a bare number of seconds → milliseconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (!match) throw new UsageError(`${flag} must be a duration such as 30s, 500ms or 2m (got "${text}")`);
  const ms = Math.round(Number(match[1]) * UNIT_MS[match[2] ?? 's']!);
  if (ms <= 0) throw new UsageError(`${flag} must be greater than zero (got "${text}")`);
  if (ms > MS_PER_DAY) throw new UsageError(`${flag} must be at most 24h (got "${text}")`);
  return ms;
}

/** A whole number within bounds, named by its flag in the error. */
export function parseIntInRange(text: string | number, flag: string, min: number, max: number): number {
  const str = String(text).trim();
  if (!/^-?\d+$/.test(str)) throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${text}")`);
  const n = Number(str);
  if (n < min || n > max) throw new UsageError(`${flag} must be from ${min} to ${max} (got ${n})`);
  return n;
}

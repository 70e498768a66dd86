// The emulator's own time parsing and rendering (src/emulator/time.ts): every timestamp and
// every date rule of the conformance suite rests on these.
import { describe, expect, it } from 'vitest';
import { isoOffset, isoUtc, parseDateOnly, parseDateTime } from '../../src/emulator/time.js';

describe('isoUtc', () => {
  it('renders exactly as Date#toISOString, across hours, days and odd values', () => {
    const samples = [0, 1, 999, 59_999, 3_599_999, 3_600_000, 951_782_400_000, 1_750_000_000_123, 253_402_300_799_999, 253_402_300_800_000, -1, 1.5];
    for (let ms = 1_700_000_000_000; ms < 1_700_000_000_000 + 7_200_000; ms += 7_919) samples.push(ms);
    for (const ms of samples) expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
    expect(isoOffset(1_750_000_000_123)).toBe('2025-06-15T15:06:40.123+00:00');
  });
});

describe('parsing', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDateOnly('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-01', '20240101', '']) expect(parseDateOnly(bad), bad).toBeNull();
  });

  it('takes an offset as given, no offset as UTC, a bare date as the start of its UTC day', () => {
    expect(parseDateTime('2025-06-20T10:00:00+02:00')).toEqual({ ms: Date.UTC(2025, 5, 20, 8), dateOnly: false });
    expect(parseDateTime('2025-06-20T10:00:00-0530')).toEqual({ ms: Date.UTC(2025, 5, 20, 15, 30), dateOnly: false });
    expect(parseDateTime('2025-06-20T10:00')).toEqual({ ms: Date.UTC(2025, 5, 20, 10), dateOnly: false });
    expect(parseDateTime('2025-06-20T10:00:00.5Z')).toEqual({ ms: Date.UTC(2025, 5, 20, 10, 0, 0, 500), dateOnly: false });
    expect(parseDateTime('2025-06-20')).toEqual({ ms: Date.UTC(2025, 5, 20), dateOnly: true });
    for (const bad of ['2025-06-20T24:00:00Z', '2025-06-20T10:60Z', '2025-06-31T10:00Z', '2025-06-20 10:00', 'now', '2025-06-20T10:00:00+25:00']) {
      expect(parseDateTime(bad), bad).toBeNull();
    }
  });
});

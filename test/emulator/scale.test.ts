// Large data sets: a million events generate, count and page correctly (speed is measured by
// the benchmarks, not here: no wall-clock assertion).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_EVENT_TYPES, startEmulator, type Emulator } from '../../src/emulator/index.js';
import { get } from '../helpers/emulator.js';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 1_000_000, now: () => NOW });
});
afterAll(async () => {
  await emu.close();
});

describe('a million events', () => {
  it('are all generated and counted', async () => {
    expect(emu.store.teams.main.events.length).toBe(1_000_000);
    const a = await get(emu, '/emails/events', { query: { per_page: 100 } });
    expect(a.status).toBe(200);
    expect(a.body.data.events.total_count).toBe(1_000_000);
    expect(a.body.data.events.data).toHaveLength(100);
  });

  it('count a filtered query as the store does, and page it', async () => {
    const log = emu.store.teams.main.events;
    const code = EMAIL_EVENT_TYPES.indexOf('amp_click');
    let expected = 0;
    for (let i = 0; i < log.length; i++) if (log.type[i] === code) expected++;
    const a = await get(emu, '/emails/events', { query: { events: 'amp_click', per_page: 100 } });
    expect(a.body.data.events.total_count).toBe(expected);
    let cursor = a.body.data.events.pagination.next_cursor;
    let seen = a.body.data.events.data.length;
    for (let p = 0; p < 20 && cursor; p++) {
      const next = await get(emu, '/emails/events', { query: { events: 'amp_click', per_page: 100, cursor } });
      expect(next.body.data.events.data.every((e: { type: string }) => e.type === 'amp_click')).toBe(true);
      seen += next.body.data.events.data.length;
      cursor = next.body.data.events.pagination.next_cursor;
    }
    expect(seen).toBe(Math.min(expected, 2100));
  });

  it('grow with addEvents without regenerating', async () => {
    const first = emu.store.teams.main.events.ts;
    emu.addEvents(10);
    expect(emu.store.teams.main.events.length).toBe(1_000_010);
    const a = await get(emu, '/emails/events', { query: { per_page: 10 } });
    expect(a.body.data.events.total_count).toBe(1_000_010);
    expect(emu.store.teams.main.events.ts.subarray(0, 5)).toEqual(first.subarray(0, 5));
  });
});

// Spec (service-api-rest) 4.1 GET /health and 4.2 GET /auth/check, as the emulator serves them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { get } from '../helpers/emulator.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 50, sandboxBudget: false });
});
afterAll(async () => {
  await emu.close();
});

const isDateTime = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)) && /T\d\d:\d\d/.test(v);

describe('GET /health (4.1): no authentication', () => {
  it.each([
    ['no key', null],
    ['an invalid key', 'lttr_nope'],
    ['the full key', undefined],
  ] as const)('answers 200 with message, data.status "ok" and data.timestamp, given %s', async (_what, key) => {
    const a = await get(emu, '/health', { key });
    expect(a.status).toBe(200);
    expect(typeof a.body.message).toBe('string');
    expect(a.body.data.status).toBe('ok');
    expect(isDateTime(a.body.data.timestamp)).toBe(true);
  });
});

describe('GET /auth/check (4.2): the key\'s team', () => {
  it('answers 401 with the documented bodies, no error_code, without a valid key', async () => {
    const missing = await get(emu, '/auth/check', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'API key is required.' });
    const invalid = await get(emu, '/auth/check', { key: 'lttr_invalid' });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ message: 'Invalid API key.' });
  });

  it('answers every valid key (read-only and sandbox too: no scope is needed) with its team_id, an integer, and a timestamp', async () => {
    const teams: Record<string, number> = {};
    for (const kind of ['full', 'read_only', 'sandbox', 'other_team'] as const) {
      const a = await get(emu, '/auth/check', { key: emu.keys[kind] });
      expect(a.status, kind).toBe(200);
      expect(typeof a.body.message).toBe('string');
      expect(Number.isInteger(a.body.data.team_id)).toBe(true);
      expect(isDateTime(a.body.data.timestamp)).toBe(true);
      teams[kind] = a.body.data.team_id;
    }
    // one team for the three keys of the main team, another for the other team's key
    expect(teams.read_only).toBe(teams.full);
    expect(teams.sandbox).toBe(teams.full);
    expect(teams.other_team).not.toBe(teams.full);
  });
});

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

  it('is never refused by the rate limit or a sandbox budget, and spends neither (4.1 documents no 429)', async () => {
    const limited = await startEmulator({ events: 10, rateLimit: 1, sandboxBudget: { minute: 2, day: 2 } });
    try {
      for (const key of [null, limited.keys.sandbox, limited.keys.full, null, limited.keys.sandbox]) {
        const a = await get(limited, '/health', { key });
        expect(a.status).toBe(200);
        expect(a.headers.get('x-ratelimit-limit')).toBe('1');
      }
      // the team's one request a second and the sandbox key's budget are still whole
      expect((await get(limited, '/auth/check', { key: limited.keys.sandbox })).status).toBe(200);
      expect((await get(limited, '/health', { key: limited.keys.sandbox })).status).toBe(200);
    } finally {
      await limited.close();
    }
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

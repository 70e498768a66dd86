// service-notes "Rate limits": a per-team token bucket with X-RateLimit-* on every answer and
// 429 + Retry-After when exceeded. A fake clock makes every number exact.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { get, type Answer } from '../helpers/emulator.js';

const T0 = Date.UTC(2025, 5, 15, 12, 0, 0) + 250; // a quarter past a whole second
let emu: Emulator;
let clock = T0;
afterEach(async () => {
  await emu.close();
});

async function start(rateLimit?: number): Promise<void> {
  clock = T0;
  emu = await startEmulator({ events: 20, rateLimit, now: () => clock });
}

const limits = (a: Answer) => ({
  limit: a.headers.get('x-ratelimit-limit'),
  remaining: a.headers.get('x-ratelimit-remaining'),
  reset: a.headers.get('x-ratelimit-reset'),
});

describe('rate limit', () => {
  it('counts down X-RateLimit-Remaining and gives the reset in Unix seconds', async () => {
    await start(3);
    const nowSec = Math.ceil(T0 / 1000);
    expect(limits(await get(emu, '/campaigns'))).toEqual({ limit: '3', remaining: '2', reset: String(nowSec) });
    expect(limits(await get(emu, '/webhooks'))).toEqual({ limit: '3', remaining: '1', reset: String(nowSec) });
    // The bucket is now empty: one token comes back a third of a second later.
    expect(limits(await get(emu, '/webhooks'))).toEqual({ limit: '3', remaining: '0', reset: String(Math.ceil((T0 + 334) / 1000)) });
  });

  it('answers 429 rate_limit_exceeded with Retry-After, refuses during the cooldown, serves after it', async () => {
    await start(3);
    for (let i = 0; i < 3; i++) expect((await get(emu, '/campaigns')).status).toBe(200);
    const refused = await get(emu, '/campaigns');
    expect(refused.status).toBe(429);
    expect(refused.body.error_code).toBe('rate_limit_exceeded');
    expect(refused.body.message).toMatch(/^Rate limit exceeded\./);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(refused.body.retry_after).toBe(retryAfter);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');

    clock += 200; // still within the cooldown
    const again = await get(emu, '/campaigns');
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);

    clock += wait * 1000;
    expect((await get(emu, '/campaigns')).status).toBe(200);
  });

  it('refills at the rate: after one second three more requests pass', async () => {
    await start(3);
    for (let i = 0; i < 3; i++) await get(emu, '/campaigns');
    clock += 1000;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(emu, '/campaigns')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('shares one bucket among the keys of a team, not with the other team', async () => {
    await start(2);
    expect((await get(emu, '/campaigns', { key: emu.keys.full })).status).toBe(200);
    expect((await get(emu, '/campaigns', { key: emu.keys.read_only })).status).toBe(200);
    expect((await get(emu, '/campaigns', { key: emu.keys.sandbox })).status).toBe(429);
    const other = await get(emu, '/campaigns', { key: emu.keys.other_team });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('puts the headers on every answer, errors and 401s included', async () => {
    await start(10);
    for (const a of [await get(emu, '/nope'), await get(emu, '/campaigns/x'), await get(emu, '/campaigns', { key: null })]) {
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.headers.get('x-ratelimit-limit')).toBe('10');
      expect(a.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    }
  });

  it("is not enforced by default: no 429, and every answer reports the service's 3 a second with a full budget", async () => {
    await start();
    for (let i = 0; i < 30; i++) {
      const a = await get(emu, i % 2 === 0 ? '/webhooks' : '/nope', { key: i % 3 === 0 ? null : emu.keys.full });
      expect(a.status).not.toBe(429);
      expect(a.headers.get('x-ratelimit-limit')).toBe('3');
      expect(a.headers.get('x-ratelimit-remaining')).toBe('3');
      expect(a.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil(T0 / 1000)));
    }
  });
});

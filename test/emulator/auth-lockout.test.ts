// service-notes "Rate limits" and service-api-rest 5.1: five authentication failures in five
// minutes block the caller for fifteen minutes. Off by default (every local client shares
// loopback); `authLockout: true` turns it on. A fake clock makes the windows exact.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { get } from '../helpers/emulator.js';

const T0 = Date.UTC(2025, 5, 15, 12, 0, 0);
const MINUTE = 60_000;
let emu: Emulator;
let clock = T0;
afterEach(async () => {
  await emu.close();
});

async function start(authLockout?: boolean): Promise<void> {
  clock = T0;
  emu = await startEmulator({ events: 20, now: () => clock, ...(authLockout === undefined ? {} : { authLockout }) });
}

const BAD = `lttr_${'x'.repeat(64)}`;

describe('authentication lockout', () => {
  it('blocks the caller, valid key or not, for fifteen minutes after the fifth 401 within five minutes', async () => {
    await start(true);
    for (let i = 0; i < 4; i++) {
      expect((await get(emu, '/campaigns', { key: i % 2 ? BAD : null })).status).toBe(401);
      clock += 30_000;
    }
    // four failures: the caller still gets through
    expect((await get(emu, '/campaigns')).status).toBe(200);
    expect((await get(emu, '/campaigns', { key: BAD })).status).toBe(401); // the fifth
    clock += 1000;
    const blocked = await get(emu, '/campaigns');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: expect.stringMatching(/authentication failures/), error_code: 'rate_limit_exceeded', retry_after: 899 });
    expect(blocked.headers.get('retry-after')).toBe('899');
    expect(blocked.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    // a bad key during the block is refused the same way, and does not lengthen it
    expect((await get(emu, '/webhooks', { key: BAD })).status).toBe(429);
    // GET /health reads no key: never blocked
    expect((await get(emu, '/health', { key: null })).status).toBe(200);
    clock = T0 + 2 * MINUTE + 15 * MINUTE - 1;
    expect((await get(emu, '/campaigns')).status).toBe(429);
    clock += 1;
    expect((await get(emu, '/campaigns')).status).toBe(200);
    // the count starts afresh after a block
    expect((await get(emu, '/campaigns', { key: BAD })).status).toBe(401);
    expect((await get(emu, '/campaigns')).status).toBe(200);
  });

  it('forgets failures older than five minutes', async () => {
    await start(true);
    for (let i = 0; i < 4; i++) expect((await get(emu, '/campaigns', { key: BAD })).status).toBe(401);
    clock += 5 * MINUTE;
    expect((await get(emu, '/campaigns', { key: BAD })).status).toBe(401);
    expect((await get(emu, '/campaigns')).status).toBe(200);
  });

  it('is off by default: 401 after 401, and the valid key is served', async () => {
    await start();
    for (let i = 0; i < 12; i++) expect((await get(emu, '/campaigns', { key: BAD })).status).toBe(401);
    expect((await get(emu, '/campaigns')).status).toBe(200);
  });
});

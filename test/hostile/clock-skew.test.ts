// Item 15 of issue 17: pacing reads X-RateLimit-Reset against the server's own Date header, so a
// server clock two minutes off (either way) paces as well as a synchronised one: no 429 at all.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { retryAfterMs } from '../../src/api/pacing.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe.each([
  ['ahead', 120_000],
  ['behind', -120_000],
  ['in step', 0],
])('a server clock 2 minutes %s', (_name, skew) => {
  it('39 paced requests at 3/s meet no 429', async () => {
    let t = Date.UTC(2026, 2, 1, 9);
    emu = await startEmulator({ seed: 9, events: 10, rateLimit: 3, now: () => t + skew });
    const api = new ApiClient({
      baseUrl: emu.baseUrl, apiKey: emu.keys.full, timeoutMs: 5000, retries: 3, userAgent: 't',
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
      random: () => 0.5,
    });
    for (let i = 0; i < 39; i++) await api.request({ method: 'GET', path: '/webhooks' });
    await api.close();
    expect(emu.requests.map((r) => r.status).filter((s) => s === 429)).toEqual([]);
    expect(emu.requests).toHaveLength(39);
  });
});

it('an HTTP-date Retry-After is measured against the Date header too', () => {
  const now = Date.UTC(2026, 2, 1, 9);
  const serverNow = now + 120_000;
  const headers = { date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 5000).toUTCString() };
  expect(retryAfterMs(headers, now)).toBe(5000);
});

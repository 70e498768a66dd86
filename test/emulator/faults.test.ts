// Injected failures (scripted and random), latency, and the request log: what client retry,
// timeout and "assert on the requests sent" tests rely on.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';
import { call, get } from '../helpers/emulator.js';

let emu: Emulator;
afterEach(async () => {
  await emu.close();
});

async function start(options: EmulatorOptions = {}): Promise<void> {
  emu = await startEmulator({ events: 20, ...options });
}

/** The status a client sees, 0 when the connection died before a full answer arrived. */
async function statusOf(path: string): Promise<number> {
  try {
    const res = await fetch(emu.baseUrl + path, { headers: { Authorization: `Bearer ${emu.keys.full}` } });
    await res.text();
    return res.status;
  } catch {
    return 0;
  }
}

describe('scripted faults', () => {
  it('answers the next N matching requests with 503 JSON, then serves normally', async () => {
    await start();
    emu.scriptFault({ path: '/campaigns', times: 2 });
    const a = await get(emu, '/campaigns');
    expect(a.status).toBe(503);
    expect(typeof a.body.message).toBe('string');
    expect(await statusOf('/webhooks')).toBe(200); // other paths are not affected
    expect(await statusOf('/campaigns')).toBe(503);
    expect(await statusOf('/campaigns')).toBe(200);
  });

  it('clearFaults forgets scripts not used up yet', async () => {
    await start();
    emu.scriptFault({ path: '/campaigns', times: 3 });
    expect(await statusOf('/campaigns')).toBe(503);
    emu.clearFaults();
    expect(await statusOf('/campaigns')).toBe(200);
  });

  it('lets `skip` requests through first and matches method and path patterns', async () => {
    await start();
    emu.scriptFault({ method: 'GET', path: /^\/campaigns\/[^/]+$/, skip: 1, status: 500 });
    const path = `/campaigns/${emu.fixtures.campaigns.sent}`;
    expect(await statusOf(path)).toBe(200);
    const a = await get(emu, path);
    expect(a.status).toBe(500);
    // the service's generic 500 (service-api-rest 4 and 9.2: its code is send_error)
    expect(a.body).toEqual({ message: 'An unexpected error occurred. Please try again later.', error_code: 'send_error' });
    expect(await statusOf(path)).toBe(200);
    emu.scriptFault({ method: 'POST', path: /schedule$/ });
    expect(await statusOf('/campaigns')).toBe(200);
  });

  it('sends a given body and headers, even a proxy\'s HTML', async () => {
    await start();
    emu.scriptFault({ path: '/webhooks', status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'Retry-After': '2' } });
    const a = await get(emu, '/webhooks');
    expect(a.status).toBe(502);
    expect(a.headers.get('content-type')).toMatch(/text\/html/);
    expect(a.headers.get('retry-after')).toBe('2');
    expect(a.text).toContain('Bad Gateway');
  });

  it('drops the connection, or cuts the body half-way', async () => {
    await start();
    emu.scriptFault({ path: '/campaigns', drop: true });
    await expect(fetch(`${emu.baseUrl}/campaigns`, { headers: { Authorization: `Bearer ${emu.keys.full}` } })).rejects.toThrow();
    emu.scriptFault({ path: '/campaigns', dropMidBody: true });
    const res = await fetch(`${emu.baseUrl}/campaigns`, { headers: { Authorization: `Bearer ${emu.keys.full}` } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(emu.requests.slice(-2).map((r) => r.status)).toEqual([0, 0]);
    expect(await statusOf('/campaigns')).toBe(200);
  });

  it('answers late on delayMs, so a client timeout fires', async () => {
    await start();
    emu.scriptFault({ path: '/webhooks', delayMs: 10_000 });
    const slow = fetch(`${emu.baseUrl}/webhooks`, {
      headers: { Authorization: `Bearer ${emu.keys.full}` },
      signal: AbortSignal.timeout(50),
    });
    await expect(slow).rejects.toThrow();
    expect(await statusOf('/webhooks')).toBe(200);
  });

  it('takes precedence over random faults', async () => {
    await start({ faultRate: 1 });
    emu.scriptFault({ path: '/webhooks', status: 418, body: '{"message":"scripted"}' });
    const a = await get(emu, '/webhooks');
    expect(a.status).toBe(418);
    expect(a.body).toEqual({ message: 'scripted' });
  });
});

describe('random faults (faultRate)', () => {
  async function statuses(n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await statusOf('/webhooks'));
    return out;
  }

  it('fails about that share with 500, 502, 503 or a drop, deterministically from the seed', async () => {
    await start({ faultRate: 0.5 });
    const first = await statuses(40);
    await emu.close();
    await start({ faultRate: 0.5 });
    const second = await statuses(40);
    expect(second).toEqual(first);
    const failed = first.filter((s) => s !== 200);
    expect(failed.length).toBeGreaterThan(8);
    expect(failed.length).toBeLessThan(32);
    expect(new Set(failed)).toEqual(new Set([0, 500, 502, 503]));
  });

  it('fails everything at 1 and nothing at 0', async () => {
    await start({ faultRate: 1 });
    expect((await statuses(10)).every((s) => s !== 200)).toBe(true);
    await emu.close();
    await start({ faultRate: 0 });
    expect((await statuses(10)).every((s) => s === 200)).toBe(true);
  });
});

describe('latency', () => {
  it('delays every answer by at least the configured milliseconds', async () => {
    await start({ latency: 150 });
    const t = performance.now();
    expect(await statusOf('/webhooks')).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
  });
});

describe('request log', () => {
  it('records every request in order, refused and faulted ones included', async () => {
    let clock = 1_750_000_000_000;
    await start({ now: () => clock });
    await call(emu, 'PATCH', `/audience/properties/${emu.fixtures.properties[0]}`, {
      query: { dry: 'yes' },
      body: { fallback_value: 'x' },
    });
    clock += 5;
    await get(emu, '/campaigns', { key: null });
    emu.scriptFault({ path: '/webhooks' });
    await get(emu, '/webhooks', { key: 'live_wrong' });
    await call(emu, 'PUT', `/webhooks/${emu.fixtures.webhooks[0]}`, { rawBody: 'not json' });

    const [a, b, c, d] = emu.requests;
    expect(emu.requests).toHaveLength(4);
    expect(a).toMatchObject({
      seq: 1, time: 1_750_000_000_000, method: 'PATCH', path: `/audience/properties/${emu.fixtures.properties[0]}`,
      query: { dry: 'yes' }, rawQuery: 'dry=yes', body: { fallback_value: 'x' }, status: 200, key: emu.keys.full,
    });
    expect(a?.headers.authorization).toBe(`Bearer ${emu.keys.full}`);
    expect(b).toMatchObject({ seq: 2, time: 1_750_000_000_005, status: 401, body: undefined });
    expect(b?.key).toBeUndefined();
    expect(c).toMatchObject({ path: '/webhooks', status: 503, key: 'live_wrong' });
    expect(d).toMatchObject({ method: 'PUT', body: 'not json', status: 422 });

    const log = emu.requests;
    emu.clearRequests();
    expect(log).toHaveLength(0);
    await get(emu, '/webhooks');
    expect(log).toHaveLength(1);
  });
});

// Issue 31, round three, the webhook loop: signals end `webhook listen` and `webhook forward`
// with 130 / 143 after answering the delivery in flight and printing the summary; URLs are
// printed without their password; 410 and bad poll intervals are failures; any port is a
// receiver's port; received values are quoted short; a relay to itself is refused and relays
// are bounded; the Basic scheme is case-insensitive; "__proto__" is an ordinary key; --count
// counts valid deliveries.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { deliveryBody } from '../../src/webhooks/format.js';
import { MAX_RELAYS_IN_FLIGHT } from '../../src/webhooks/receiver.js';
import { emulatorEnv, ndjson } from '../helpers/cli.js';
import { runCliInProcess, runInProcess } from '../helpers/context.js';
import { raw, scriptedServer } from '../helpers/server.js';
import { listenInProcess, quickClock, startInProcess, startListen, startRunning } from '../helpers/webhook.js';

const EVENT = { event_id: 'ev-1', type: 'delivery', timestamp: '2026-01-02T03:04:05.000Z', rcpt_to: 'a@example.com' };
const post = (url: string, body: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ events: 30 });
});
afterAll(async () => {
  await emu.close();
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

/** An app that takes requests and never answers them: a relay to it stays in flight. */
async function hangingApp() {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req) => {
    seen.push(req);
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, seen };
}

const until = async (check: () => boolean) => expect.poll(check, { timeout: 15_000, interval: 20 }).toBe(true);

describe('signals end the long-running webhook commands with 130 / 143 (item 2)', () => {
  it('webhook listen, idle, then SIGTERM: 143 after its summary', async () => {
    const l = await startListen([]);
    l.child.kill('SIGTERM');
    const r = await l.done;
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toContain('Received 0 deliveries (0 events): 0 valid, 0 rejected.');
  });

  it('webhook listen --expect 1, SIGTERM before any delivery: 143, not a passed check', async () => {
    const l = await startListen(['--expect', '1', '--timeout', '10m']);
    l.child.kill('SIGTERM');
    const r = await l.done;
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toContain('Received 0 deliveries');
  });

  it('webhook listen --expect 1, SIGINT after a rejected delivery: 130', async () => {
    const l = await startListen(['--expect', '1', '--timeout', '10m']);
    expect((await post(l.url, 'not json')).status).toBe(400);
    l.child.kill('SIGINT');
    const r = await l.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('0 valid, 1 rejected');
  });

  it('webhook listen --forward-to, SIGTERM while a relay waits on the app: the sender is answered 503, then 143', async () => {
    const app = await hangingApp();
    const l = await startListen(['--forward-to', app.url]);
    const answer = post(l.url, deliveryBody([EVENT]));
    await until(() => app.seen.length === 1);
    l.child.kill('SIGTERM');
    const res = await answer; // an answer, not a dropped connection
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const r = await l.done;
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toContain('Received 1 delivery (1 event): 1 valid, 0 rejected; forwarded 0 ok, 1 failed.');
  });

  it('webhook forward, SIGTERM: 143 after its summary', async () => {
    const receiver = await scriptedServer([raw(200, '')]);
    closers.push(receiver.close);
    const f = startRunning(['webhook', 'forward', '--to', receiver.baseUrl, '--poll-interval', '1s'], { env: emulatorEnv(emu) });
    await f.waitFor(/Forwarding new events/);
    f.child.kill('SIGTERM');
    const r = await f.done;
    expect(r.code, r.stderr).toBe(143);
    expect(r.stderr).toContain('Forwarded 0 events.');
  });
});

describe('the userinfo of a printed URL is masked (item 7)', () => {
  it('webhook forward --to http://u:secret@…: delivered with those credentials, the password never printed', async () => {
    const receiver = await scriptedServer([raw(200, '')]);
    closers.push(receiver.close);
    const to = receiver.baseUrl.replace('http://', 'http://u:s3cr3t-pw@') + '/h';
    emu.clearRequests();
    const f = await startInProcess(['webhook', 'forward', '--to', to, '--poll-interval', '1s', '--ndjson'], { emulator: emu, clock: quickClock() });
    await until(() => emu.requests.filter((q) => q.path === '/emails/events').length >= 2);
    emu.addEvents(2);
    await until(() => receiver.seen.length >= 1);
    f.interrupt();
    const r = await f.done;
    expect(r.code).toBe(130);
    expect(receiver.seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:s3cr3t-pw').toString('base64')}`);
    expect(r.stderr).toContain(`Forwarding new events to ${receiver.baseUrl.replace('http://', 'http://***@')}/h`);
    expect(r.stdout + r.stderr).not.toContain('s3cr3t-pw');
  });

  it('webhook listen --forward-to http://u:secret@…: the notice shows ***@', async () => {
    const l = await listenInProcess(['--forward-to', 'http://ops:s3cr3t-pw@127.0.0.1:9/app', '--count', '1']);
    l.interrupt();
    const r = await l.done;
    expect(r.stderr).toContain('answering what http://***@127.0.0.1:9/app answers');
    expect(r.stdout + r.stderr).not.toContain('s3cr3t-pw');
  });

  it('a base URL with credentials is refused without quoting it, whatever else is wrong with it', async () => {
    for (const base of ['ftp://ops:s3cr3t-pw@api.example.com', 'https://ops:s3cr3t-pw@api.example.com/a b', 'https://ops:s3cr3t-pw@api.example.com']) {
      const r = await runInProcess(['--base-url', base, 'webhook', 'list'], { emulator: false });
      expect([base, r.exitCode]).toEqual([base, 2]);
      expect(r.stderr).toContain('error: --base-url has credentials in it');
      expect(r.stdout + r.stderr).not.toContain('s3cr3t-pw');
    }
  });
});

describe('webhook forward refuses what it cannot honour (items 8, 9)', () => {
  it('a receiver answering 410: exit 1 with the message', async () => {
    const receiver = await scriptedServer([raw(410, '')]);
    closers.push(receiver.close);
    emu.clearRequests();
    const f = await startInProcess(['webhook', 'forward', '--to', receiver.baseUrl, '--poll-interval', '1s'], { emulator: emu, clock: quickClock() });
    await until(() => emu.requests.filter((q) => q.path === '/emails/events').length >= 2);
    emu.addEvents(1);
    const r = await f.done;
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${receiver.baseUrl} answered 410 Gone: stopped forwarding`);
  });

  it('--poll-interval under 1s: exit 2, nothing sent', async () => {
    emu.clearRequests();
    const r = await runInProcess(['webhook', 'forward', '--to', 'http://127.0.0.1:1/', '--poll-interval', '1ms'], { emulator: emu });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: --poll-interval must be at least 1s (got "1ms")\n');
    expect(emu.requests).toEqual([]);
  });
});

describe('a receiver on one of fetch\'s "bad ports" (item 10)', () => {
  /** An app on the first free port that fetch refuses (6000 is X11's). */
  async function appOnBadPort() {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(req.url ?? '');
        res.writeHead(200).end();
      });
    });
    for (const port of [6000, 6665, 6666, 6667, 6668, 6669, 6697, 10080, 6566, 5060, 5061, 4190]) {
      const ok = await new Promise<boolean>((resolve) => {
        server.once('error', () => resolve(false));
        server.listen(port, '127.0.0.1', () => resolve(true));
      });
      if (ok) {
        closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
        return { url: `http://127.0.0.1:${port}/hooks`, seen };
      }
    }
    throw new Error('every bad port is taken');
  }

  it('webhook listen --forward-to relays to it', async () => {
    const app = await appOnBadPort();
    const l = await listenInProcess(['--forward-to', app.url, '--count', '1', '--ndjson']);
    expect((await post(l.url, deliveryBody([EVENT]))).status).toBe(200);
    const r = await l.done;
    expect(r.code).toBe(0);
    expect(app.seen).toEqual(['/hooks']);
    expect((ndjson(r.stdout)[0] as { forward: unknown }).forward).toMatchObject({ status: 200 });
  });

  it('webhook forward delivers to it', async () => {
    const app = await appOnBadPort();
    emu.clearRequests();
    const f = await startInProcess(['webhook', 'forward', '--to', app.url, '--poll-interval', '1s', '--ndjson'], { emulator: emu, clock: quickClock() });
    await until(() => emu.requests.filter((q) => q.path === '/emails/events').length >= 2);
    emu.addEvents(1);
    await until(() => app.seen.length >= 1);
    // The app has the request; the outcome line follows once its answer is back.
    await until(() => f.stdout().includes('\n'));
    f.interrupt();
    const r = await f.done;
    expect((ndjson(r.stdout)[0] as { status: number; outcome: string })).toMatchObject({ status: 200, outcome: 'delivered' });
  });
});

describe('webhook listen and hostile deliveries', () => {
  it('quotes at most ~200 characters of a received value (item 11)', async () => {
    const l = await listenInProcess(['--count', '1']);
    // the JSON text written out: what JSON.stringify makes of these values, without building a
    // 200,000-key object first (that alone took seconds)
    const hugeType = `[{"msys":{"message_event":{"type":"${'x'.repeat(5_000_000)}","timestamp":"1"}}}]`;
    expect((await post(l.url, hugeType)).status).toBe(400);
    const keys = `[{"msys":{${Array.from({ length: 200_000 }, (_, i) => `"k${i}":1`).join(',')}}}]`;
    expect((await post(l.url, keys)).status).toBe(400);
    expect((await post(l.url, deliveryBody([EVENT]))).status).toBe(200);
    const r = await l.done;
    const lines = r.stderr.split('\n');
    for (const line of lines) expect(line.length).toBeLessThan(400);
    expect(r.stderr).toContain(`delivery 1 rejected with 400: not a delivery: item 0: type "${'x'.repeat(200)}…" (5000000 characters) does not belong to message_event`);
    expect(r.stderr).toContain('delivery 2 rejected with 400: not a delivery: item 0: msys has 200000 keys instead of one category ("k0,k1,k2');
  });

  it('refuses a --forward-to that is the listener itself (item 16)', async () => {
    const probe = await scriptedServer([raw(200, '')]);
    const port = new URL(probe.baseUrl).port;
    await probe.close();
    for (const target of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/x`, `http://[::ffff:127.0.0.1]:${port}/`]) {
      const r = await runCliInProcess(['webhook', 'listen', '--port', port, '--forward-to', target]);
      expect([target, r.code]).toEqual([target, 2]);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error: --forward-to ${target}: that is this listener (127.0.0.1:${port})`);
      expect(r.stderr).not.toContain('Listening on');
    }
  });

  it(`bounds the relays in flight to ${MAX_RELAYS_IN_FLIGHT}: the rest are answered 503 at once (item 16)`, async () => {
    const app = await hangingApp();
    const l = await listenInProcess(['--forward-to', app.url]);
    const n = MAX_RELAYS_IN_FLIGHT + 4;
    let answered = 0;
    const answers = Array.from({ length: n }, () =>
      post(l.url, deliveryBody([EVENT])).then((res) => {
        answered++;
        return res.status;
      }),
    );
    // the extra deliveries are refused without waiting on the app, which holds the others
    await until(() => answered === n - MAX_RELAYS_IN_FLIGHT && app.seen.length === MAX_RELAYS_IN_FLIGHT);
    l.interrupt();
    const statuses = await Promise.all(answers);
    const r = await l.done;
    expect(r.code).toBe(130);
    expect(app.seen).toHaveLength(MAX_RELAYS_IN_FLIGHT);
    expect(statuses).toEqual(Array(n).fill(503));
    expect(r.stderr).toContain(`Received ${n} deliveries`);
  });

  it('accepts the right credentials with a lowercase "basic" scheme (item 21)', async () => {
    const l = await listenInProcess(['--auth-type', 'basic', '--auth-username', 'ops', '--count', '2'], { env: { MAILCTL_WEBHOOK_PASSWORD: 'pw-123' } });
    const token = Buffer.from('ops:pw-123').toString('base64');
    expect((await post(l.url, deliveryBody([EVENT]), { authorization: `basic ${token}` })).status).toBe(200);
    expect((await post(l.url, deliveryBody([EVENT]), { authorization: `BASIC  ${token}` })).status).toBe(200);
    const r = await l.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('2 valid, 0 rejected');
  });

  it('keeps "__proto__" as an ordinary key of a delivered event (item 24)', async () => {
    const l = await listenInProcess(['--count', '1', '--ndjson']);
    const body = '[{"msys":{"message_event":{"type":"delivery","timestamp":"1767322800","__proto__":{"event_id":"not-this-one","rcpt_to":"x@evil.example"}}}}]';
    expect((await post(l.url, body)).status).toBe(200);
    const r = await l.done;
    const row = ndjson(r.stdout)[0] as { event_id: unknown; rcpt_to: unknown; event: Record<string, unknown> };
    expect(row.event_id).toBeNull();
    expect(row.rcpt_to).toBeNull();
    expect(Object.hasOwn(row.event, '__proto__')).toBe(true);
    expect(row.event['__proto__']).toEqual({ event_id: 'not-this-one', rcpt_to: 'x@evil.example' });
  });

  it('--count N counts valid deliveries: a rejected one does not end the listener (item 26)', async () => {
    const l = await listenInProcess(['--auth-type', 'basic', '--auth-username', 'ops', '--count', '1'], { env: { MAILCTL_WEBHOOK_PASSWORD: 'pw-123' } });
    const wrong = await post(l.url, deliveryBody([EVENT]), { authorization: `Basic ${Buffer.from('ops:nope').toString('base64')}` });
    const right = await post(l.url, deliveryBody([EVENT]), { authorization: `Basic ${Buffer.from('ops:pw-123').toString('base64')}` });
    const r = await l.done;
    expect([wrong.status, right.status]).toEqual([401, 200]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Received 2 deliveries (2 events): 1 valid, 1 rejected.');
  });
});

describe('"__proto__" in what the API answers is an ordinary key too (item 24)', () => {
  it("an error answer's field errors keep a field named __proto__", async () => {
    const api = await scriptedServer([
      (_q, res) => res.writeHead(422, { 'content-type': 'application/json' }).end('{"message":"invalid","error_code":"validation_error","errors":{"__proto__":["is odd"],"name":["is too long"]}}'),
    ]);
    closers.push(api.close);
    const r = await runInProcess(['webhook', 'list', '--json', '--retries', '0'], { emulator: false, key: 'lttr_test_key', env: { MAILCTL_BASE_URL: api.baseUrl } });
    expect(r.exitCode).toBe(5);
    const line = r.stderr.split('\n').find((l) => l.startsWith('{'))!;
    expect(line).toContain('"errors":{"__proto__":["is odd"],"name":["is too long"]}');
  });
});

// `webhook forward --to URL` (cli.md "Webhook loop"): polls the events API with the --follow
// engine and delivers only new events, once each, across a failing receiver; 410 stops it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { parseDeliveryBody } from '../../src/webhooks/format.js';
import { ndjson } from '../helpers/cli.js';
import { runInProcess } from '../helpers/context.js';
import { raw, scriptedServer } from '../helpers/server.js';
import { quickClock, startInProcess } from '../helpers/webhook.js';

const PASSWORD = 'fwd-pa55-31ab-never-shown';

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

async function receiver(...handlers: Parameters<typeof scriptedServer>[0]) {
  const r = await scriptedServer(handlers);
  closers.push(r.close);
  return r;
}

const eventPolls = () => emu.requests.filter((r) => r.path === '/emails/events').length;
const until = async (check: () => boolean) => expect.poll(check, { timeout: 15_000, interval: 20 }).toBe(true);

describe('webhook forward', () => {
  it('delivers exactly the new events once each, across a 503 of the receiver, with basic auth', async () => {
    const r = await receiver(raw(503, ''), raw(200, ''));
    emu.clearRequests();
    const f = await startInProcess(
      ['webhook', 'forward', '--to', `${r.baseUrl}/hook`, '--poll-interval', '1s', '--auth-type', 'basic', '--auth-username', 'ops', '--ndjson'],
      { emulator: emu, env: { MAILCTL_WEBHOOK_PASSWORD: PASSWORD }, clock: quickClock() },
    );
    await until(() => eventPolls() >= 2); // the backlog is read, and skipped
    const log = emu.store.teams.main.events;
    const first = log.length;
    emu.addEvents(5);
    await until(() => r.seen.length >= 2);
    emu.addEvents(3);
    await until(() => f.stdout().trim().split('\n').length >= 3); // the third answer is in
    f.interrupt();
    const res = await f.done;
    expect(res.code).toBe(130);

    const ids = (i: number) => parseDeliveryBody(JSON.parse(r.seen[i]!.body)).map((e) => e.event_id);
    const rendered = (from: number, n: number) => Array.from({ length: n }, (_, k) => log.render(from + k).event_id);
    expect(r.seen).toHaveLength(3);
    expect(ids(0)).toEqual(rendered(first, 5)); // refused with 503
    expect(ids(1)).toEqual(ids(0)); // the same batch again
    expect(ids(2)).toEqual(rendered(first + 5, 3));
    const basic = `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}`;
    expect(r.seen.map((s) => s.headers.authorization)).toEqual([basic, basic, basic]);
    const attempts = ndjson(res.stdout) as Array<Record<string, unknown>>;
    expect(attempts[0]).toMatchObject({ events: 5, attempt: 1, status: 503, outcome: 'retry in 1s' });
    // what was delivered, in order: each batch once (a connection reset by a loaded machine may add a retried attempt)
    expect(attempts.filter((a) => a.status === 200).map((a) => [a.events, a.outcome])).toEqual([[5, 'delivered'], [3, 'delivered']]);
    expect(res.stderr).toContain('Forwarded 8 events.');
    expect(res.stdout + res.stderr).not.toContain(PASSWORD);
  });

  it('stops when the receiver answers 410', async () => {
    const r = await receiver(raw(410, ''));
    emu.clearRequests();
    const f = await startInProcess(['webhook', 'forward', '--to', r.baseUrl, '--poll-interval', '1s'], { emulator: emu, clock: quickClock() });
    await until(() => eventPolls() >= 2);
    emu.addEvents(2);
    const res = await f.done;
    // stopped, but nothing more is forwarded: a script must not see success
    expect(res.code).toBe(1);
    expect(r.seen).toHaveLength(1);
    expect(res.stderr).toContain(`error: ${r.baseUrl} answered 410 Gone: stopped forwarding`);
    expect(res.stderr).toContain('Forwarded 0 events.');
  });

  it('with a sandbox key polls slowly enough for its 10 requests a minute, and says so', async () => {
    emu.clearRequests();
    const f = await startInProcess(['webhook', 'forward', '--to', 'http://127.0.0.1:9/'], { emulator: emu, key: 'sandbox', clock: quickClock(1) });
    await until(() => eventPolls() >= 1);
    await f.waitFor(/Forwarding new events/);
    f.interrupt();
    const res = await f.done;
    expect(res.code).toBe(130);
    expect(res.stderr).toContain('sandbox key: polling every 10s to stay within its 10 requests a minute');
    expect(eventPolls()).toBe(1); // the next poll would have come 10 s later
  });

  it('refuses bad flags with exit 2 and sends nothing', async () => {
    emu.clearRequests();
    for (const [args, message] of [
      [[], /--to: required: the URL to POST/],
      [['--to', 'localhost:3000'], /--to: must be an http or https URL/],
      [['--to', 'http://127.0.0.1:1/', '--events', 'relay_injection'], /relay_injection never appear in the events API/],
      // the same words as webhook create and set: the name it meant, and the valid ones
      [['--to', 'http://127.0.0.1:1/', '--events', 'delivry'], /--events: unknown event name "delivry" \(did you mean message\.delivery\?\)/],
      [['--to', 'http://127.0.0.1:1/', '--retry-schedule', 'fast'], /--retry-schedule: must be one of compressed, service/],
      [['--to', 'http://127.0.0.1:1/', '--poll-interval', '1ms'], /--poll-interval must be at least 1s \(got "1ms"\)/],
      [['--to', 'http://127.0.0.1:1/', '--poll-interval', '999ms'], /--poll-interval must be at least 1s/],
      [['--to', 'http://127.0.0.1:1/', '--auth-type', 'basic', '--auth-username', 'u'], /the password is missing/],
    ] as Array<[string[], RegExp]>) {
      const res = await runInProcess(['webhook', 'forward', ...args], { emulator: emu });
      expect([args, res.exitCode]).toEqual([args, 2]);
      expect(res.stderr).toMatch(message);
    }
    expect(emu.requests).toEqual([]);
  });
});

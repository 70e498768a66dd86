// `webhook listen` (cli.md "Webhook loop"): a receiver on 127.0.0.1 that shows each delivered
// event, checks the credentials it is told to expect (secrets from stdin or env only), answers
// 401 to wrong ones, relays to an app, de-duplicates, and exits 8 when --expect is not met.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { deliveryBody, parseDeliveryBody } from '../../src/webhooks/format.js';
import { signBody } from '../../src/webhooks/verify.js';
import { ndjson } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { call } from '../helpers/emulator.js';
import { raw, scriptedServer } from '../helpers/server.js';
import { listenInProcess, startListen } from '../helpers/webhook.js';

const PASSWORD = 'listen-pa55-7c1e-never-shown';
const TOKEN = 'tok-9d2f-never-shown';

let emu: Emulator;
let hookId: string;
beforeAll(async () => {
  emu = await startEmulator({ events: 30 });
  hookId = emu.fixtures.webhooks[0]!;
});
afterAll(async () => {
  await emu.close();
});
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  await call(emu, 'PUT', `/webhooks/${hookId}`, { body: { active: false, auth_type: 'none' } });
});

/** Points the emulator's first webhook at url with this auth, delivers n new events, and returns the events sent. */
async function deliver(url: string, auth: Record<string, unknown>, n = 3) {
  expect((await call(emu, 'PUT', `/webhooks/${hookId}`, { body: { url, active: true, events: ['message.injection', 'message.delivery', 'engagement.open', 'engagement.initial_open', 'engagement.click', 'message.bounce', 'message.delay'], ...auth } })).status).toBe(200);
  const from = emu.deliveries.length;
  emu.addEvents(n);
  await emu.deliverDue();
  return emu.deliveries.slice(from);
}

const noSecret = (text: string) => {
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(TOKEN);
};

describe('webhook listen', () => {
  it('ends quietly with exit 0 when its reader goes away (`| head -1`): without --expect its exit code judges nothing', async () => {
    const l = await startListen(['--ndjson']);
    l.child.stdout.destroy();
    await deliver(l.url, { auth_type: 'none' });
    const r = await l.done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/error/);
  });

  it('accepts a delivery with the right Basic credentials and prints one NDJSON line per event', async () => {
    const l = await startListen(['--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', '--count', '1', '--ndjson'], { input: `${PASSWORD}\n` });
    const attempts = await deliver(l.url, { auth_type: 'basic', auth_username: 'ops', auth_password: PASSWORD }, 40);
    const r = await l.done;
    expect(r.code, r.stderr).toBe(0);
    expect(attempts.map((a) => a.status)).toEqual([200]);
    const rows = ndjson(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.length).toBe(attempts[0]!.events);
    for (const row of rows) expect(row).toMatchObject({ delivery: 1, auth: 'ok', status: 200, repeat: false, forward: null });
    expect(rows[0]!.type).toMatch(/^(message|engagement)\./);
    expect((await call(emu, 'GET', '/webhooks')).body.data.webhooks.find((w: { id: string }) => w.id === hookId).last_status).toBe('success');
    expect(r.stderr).toMatch(/Received 1 delivery \(\d+ events\): 1 valid, 0 rejected\./);
    noSecret(r.stdout + r.stderr);
    noSecret(l.child.spawnargs.join(' ')); // the secret went through stdin, not the argument list
  });

  it('answers 401 to a wrong password, reports it, the webhook shows the failure, and --count waits for a valid one', async () => {
    const l = await listenInProcess(['--auth-type', 'basic', '--auth-username', 'ops', '--count', '1'], { env: { MAILCTL_WEBHOOK_PASSWORD: PASSWORD } });
    const attempts = await deliver(l.url, { auth_type: 'basic', auth_username: 'ops', auth_password: 'not-the-one' });
    expect(attempts.map((a) => a.status)).toEqual([401]);
    const w = (await call(emu, 'GET', '/webhooks')).body.data.webhooks.find((x: { id: string }) => x.id === hookId);
    expect(w.last_status).toBe('failure');
    // the sender's retry with the right password still finds the listener (cli.md: --count N counts valid deliveries)
    const retry = await fetch(l.url, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}` }, body: deliveryBody([{ event_id: 'ok1', type: 'open', timestamp: '2026-01-02T03:04:05.000Z' }]) });
    const r = await l.done;
    expect(retry.status).toBe(200);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: delivery 1 rejected with 401: wrong password');
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, -1).every((line) => line.split('\t')[4] === '✘')).toBe(true);
    expect(lines.at(-1)!.split('\t')[4]).toBe('✔');
    expect(r.stderr).toContain('1 valid, 1 rejected');
    noSecret(r.stdout + r.stderr);
    expect(r.stdout + r.stderr).not.toContain('not-the-one');
  });

  it('checks a Bearer token from the emulator\'s OAuth grant', async () => {
    const tokens = await scriptedServer([(_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: TOKEN, expires_in: 600 }))]);
    closers.push(tokens.close);
    const l = await listenInProcess(['--auth-type', 'oauth2', '--bearer-token-stdin', '--count', '1', '--ndjson'], { stdin: TOKEN });
    const attempts = await deliver(l.url, { auth_type: 'oauth2', oauth_token_url: tokens.baseUrl, oauth_client_id: 'c', oauth_client_secret: 's' }, 40);
    const r = await l.done;
    expect(r.code).toBe(0);
    expect(tokens.seen).toHaveLength(1);
    expect(attempts.map((a) => a.status)).toEqual([200]);
    const auths = (ndjson(r.stdout) as Array<{ auth: string }>).map((x) => x.auth);
    expect(auths).toEqual(Array(attempts[0]!.events).fill('ok'));
    noSecret(r.stdout + r.stderr);
  });

  it('relays valid deliveries unchanged to --forward-to, answers what the app answers, and marks repeats', async () => {
    const app = await scriptedServer([raw(202, '')]);
    closers.push(app.close);
    const l = await listenInProcess(['--signing-secret-stdin', '--forward-to', `${app.baseUrl}/hooks`, '--count', '2', '--ndjson'], { stdin: 'sig-secret' });
    const body = deliveryBody([
      { event_id: 'e1', type: 'bounce', timestamp: '2026-01-02T03:04:05.000Z', request_id: '123', rcpt_to: 'a@example.com', bounce_class: 10 },
      { event_id: 'e2', type: 'click', timestamp: '2026-01-02T03:04:06.000Z', request_id: '123', rcpt_to: 'a@example.com' },
    ]);
    const headers = { 'content-type': 'application/json', 'x-trace': 'abc', 'lettr-signature': signBody(body, 'sig-secret') };
    const first = await fetch(l.url, { method: 'POST', headers, body });
    const second = await fetch(l.url, { method: 'POST', headers, body });
    const r = await l.done;
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(app.seen).toHaveLength(2);
    expect(app.seen[0]).toMatchObject({ method: 'POST', url: '/hooks', body });
    expect(app.seen[0]!.headers).toMatchObject(headers);
    const rows = ndjson(r.stdout) as Array<{ event_id: string; repeat: boolean; signature: string; forward: { status: number } }>;
    expect(rows.map((x) => [x.event_id, x.repeat, x.signature, x.forward.status])).toEqual([
      ['e1', false, 'ok', 202], ['e2', false, 'ok', 202], ['e1', true, 'ok', 202], ['e2', true, 'ok', 202],
    ]);
    expect(r.stderr).toContain('forwarded 2 ok, 0 failed');
  });

  it('answers 401 to a bad signature and --respond to the rest', async () => {
    const l = await listenInProcess(['--respond', '500', '--count', '1', '--ndjson'], { env: { MAILCTL_WEBHOOK_SIGNING_SECRET: 'sig' } });
    const body = deliveryBody([{ event_id: 'x', type: 'delivery', timestamp: '2026-01-02T03:04:05.000Z' }]);
    const bad = await fetch(l.url, { method: 'POST', headers: { 'lettr-signature': 'f'.repeat(64) }, body });
    const unsigned = await fetch(l.url, { method: 'POST', body });
    const r = await l.done;
    expect([bad.status, unsigned.status]).toEqual([401, 500]);
    expect(r.stderr).toContain('rejected with 401: lettr-signature does not match the body');
    expect(parseDeliveryBody(JSON.parse(body))).toHaveLength(1);
  });

  it('says so when --port is taken, with exit 2', async () => {
    const other = await scriptedServer([raw(200, '')]);
    closers.push(other.close);
    const port = new URL(other.baseUrl).port;
    const r = await runCliInProcess(['webhook', 'listen', '--port', port]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --port ${port}: another program is listening on 127.0.0.1:${port}`);
  });

  // The rest side by side (they use neither the emulator's webhook nor `closers`): the others
  // run while --expect waits out its 1 s --timeout.
  it.concurrent('exits 8 when fewer valid deliveries than --expect arrive within --timeout', async ({ expect }) => {
    const l = await listenInProcess(['--expect', '2', '--timeout', '1s']);
    await fetch(l.url, { method: 'POST', body: deliveryBody([{ event_id: 'y', type: 'open', timestamp: '2026-01-02T03:04:05.000Z' }]) });
    const r = await l.done;
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('error: expected 2 valid deliveries within 1s, 1 arrived');
  });

  it.concurrent('exits 0 as soon as --expect is met', async ({ expect }) => {
    const l = await listenInProcess(['--expect', '1', '--timeout', '5m', '--ndjson']);
    const res = await fetch(l.url, { method: 'POST', body: deliveryBody([{ event_id: 'z', type: 'open', timestamp: '2026-01-02T03:04:05.000Z' }]) });
    const r = await l.done;
    expect(res.status).toBe(200);
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(1);
  });

  // Spawned: the first case (stdin and the argument list of a real process) and Ctrl-C.
  it.concurrent('exits 130 on Ctrl-C after its summary', async ({ expect }) => {
    const l = await startListen([]);
    await fetch(l.url, { method: 'POST', body: 'not json' });
    l.child.kill('SIGINT');
    const r = await l.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('rejected with 400: not a delivery: the body is not JSON');
    expect(r.stderr).toContain('Received 1 delivery (0 events): 0 valid, 1 rejected.');
  });

  it.concurrent('refuses bad flags with exit 2, never echoing a secret given as a flag value', async ({ expect }) => {
    const cases: Array<[string[], RegExp]> = [
      [['--auth-type', 'basic'], /--auth-type basic needs --auth-username/],
      [['--auth-password=hunter2-secret'], /unknown option '--auth-password'/],
      [['--bearer-token', 'hunter2-secret'], /unknown option '--bearer-token'/],
      [['--respond', '42'], /--respond: must be from 200 to 599/],
      [['--forward-to', 'ftp://x'], /--forward-to: must be an http or https URL/],
      [['--auth-type', 'oauth2'], /the bearer token is missing/],
    ];
    for (const [args, message] of cases) {
      const r = await runCliInProcess(['webhook', 'listen', ...args]);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('hunter2');
      expect(r.stdout).toBe('');
    }
  });
});

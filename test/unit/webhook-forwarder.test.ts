// The forwarder of `webhook forward`: batches, retry schedules (on a fake sleep), 410.
import { describe, expect, it } from 'vitest';
import { createForwarder, COMPRESSED_RETRY_DELAYS_MS, ReceiverGone, type ForwardAttempt } from '../../src/webhooks/forwarder.js';
import { SERVICE_RETRY_DELAYS_MS, parseDeliveryBody } from '../../src/webhooks/format.js';
import { signBody } from '../../src/webhooks/verify.js';

const ev = (i: number) => ({ event_id: `e${i}`, type: 'delivery', timestamp: '2026-01-02T03:04:05.000Z', request_id: 't' });

function rig(statuses: number[], delaysMs: readonly number[] = SERVICE_RETRY_DELAYS_MS) {
  const posts: Array<{ headers: Record<string, string>; body: string }> = [];
  const slept: number[] = [];
  const attempts: ForwardAttempt[] = [];
  let clock = 0;
  const f = createForwarder({
    to: 'http://127.0.0.1:1/hook',
    authorization: 'Basic b3BzOnB3',
    signingSecret: 'sig',
    delaysMs,
    post: async (_url, headers, body) => {
      posts.push({ headers, body });
      return { status: statuses[Math.min(posts.length - 1, statuses.length - 1)]!, ms: 3 };
    },
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    now: () => clock,
    onAttempt: (a) => void attempts.push(a),
  });
  return { f, posts, slept, attempts };
}

describe('forwarder', () => {
  it('sends batches of at most 100 events in the delivery format, with auth and signature', async () => {
    const { f, posts } = rig([200]);
    await f.deliver(Array.from({ length: 250 }, (_, i) => ev(i)));
    expect(posts.map((p) => parseDeliveryBody(JSON.parse(p.body)).length)).toEqual([100, 100, 50]);
    expect(posts[0]!.headers).toMatchObject({ authorization: 'Basic b3BzOnB3', 'content-type': 'application/json', 'lettr-signature': signBody(posts[0]!.body, 'sig') });
    expect(f.delivered).toBe(250);
  });

  it('retries on the service schedule and gives up after 7 attempts', async () => {
    const { f, posts, slept, attempts } = rig([500]);
    await f.deliver([ev(1)]);
    expect(posts).toHaveLength(7);
    expect(slept).toEqual(SERVICE_RETRY_DELAYS_MS.slice(1));
    expect(attempts.at(-1)).toMatchObject({ attempt: 7, status: 500, outcome: 'gave up' });
    expect(attempts[0]!.outcome).toBe('retry in 1min');
    expect(f.givenUp).toBe(1);
  });

  it('uses the compressed schedule for local development', async () => {
    const { f, slept } = rig([503, 0, 200], COMPRESSED_RETRY_DELAYS_MS);
    await f.deliver([ev(1)]);
    expect(slept).toEqual([1000, 2000]);
    expect(f.delivered).toBe(1);
  });

  it('stops everything on 410', async () => {
    const { f, posts } = rig([410]);
    await expect(f.deliver(Array.from({ length: 150 }, (_, i) => ev(i)))).rejects.toBeInstanceOf(ReceiverGone);
    expect(posts).toHaveLength(1);
  });

  it('on Ctrl-C during a POST reports no failed attempt and sends nothing more', async () => {
    const ac = new AbortController();
    const attempts: ForwardAttempt[] = [];
    let posts = 0;
    const f = createForwarder({
      to: 'http://127.0.0.1:1/', delaysMs: SERVICE_RETRY_DELAYS_MS, now: () => 0, sleep: async () => {}, signal: ac.signal,
      post: async () => {
        posts++;
        ac.abort(new Error('interrupted'));
        return { status: 0, ms: 1, error: 'aborted' };
      },
      onAttempt: (a) => void attempts.push(a),
    });
    await expect(f.deliver([ev(1), ev(2)])).rejects.toThrow('interrupted');
    expect([posts, attempts]).toEqual([1, []]);
  });
});

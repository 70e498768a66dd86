// Faults: requests failing at random (10%, seeded: the same faults every run) with
// 5xx or dropped connections, answers lost after the server applied the request,
// 429 storms, a server slower than --timeout, a connection closed mid-body and
// a 401. What is proved is on the emulator's side: its request log (times,
// statuses; 0 = dropped) and its store (the real state after the command).
//
// The commands run in-process (helpers/context.ts) on one fake clock that the
// emulators share: a retry's or a Retry-After's wait moves that clock instead of
// being waited out, and the request log's times are on the same clock, so "no
// request before the wait had passed" is still checked, exactly.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type RecordedRequest } from '../../src/emulator/index.js';
import { emulatorEnv, ndjson, tempDir } from '../helpers/cli.js';
import { fakeClock, runCliInProcess } from '../helpers/context.js';
import { blockedHosts, installNetworkGuard } from '../helpers/network-guard.js';
import { DAY_MS, expectCleanFailure, isoDay } from './support.js';

installNetworkGuard();
const clock = fakeClock();
const runCli = (args: string[], opts: { env?: Record<string, string> }) => runCliInProcess(args, { ...opts, clock });

const BULK = '/audience/contacts/lists/bulk';
const dir = tempDir('mailctl-faults-');

/** 10% of every request fails at random: 500, 502, 503 or a dropped connection. */
let noisy: Emulator;
/** No random faults: each test scripts its own. */
let clean: Emulator;

beforeAll(async () => {
  [noisy, clean] = await Promise.all([
    startEmulator({ seed: 5, faultRate: 0.1, events: 1500, contacts: 10_000, now: clock.now }),
    startEmulator({ seed: 6, events: 600, now: clock.now }),
  ]);
});
afterAll(async () => {
  await Promise.all([noisy.close(), clean.close()]);
  expect(blockedHosts, 'connections that left loopback').toEqual([]);
});
beforeEach(() => {
  for (const emu of [noisy, clean]) {
    emu.clearRequests();
    emu.clearFaults();
  }
});

const env = (emu: Emulator, key: Parameters<typeof emulatorEnv>[1] = 'full') => emulatorEnv(emu, key);
const faulted = (reqs: RecordedRequest[]) => reqs.filter((r) => r.status === 0 || r.status >= 500);

type Ev = { event_id: string };

/** The events the emulator holds in the UTC days from..to, newest first: what a complete listing prints. */
function storedDays(emu: Emulator, from: string, to: string): string[] {
  const log = emu.store.teams.main.events;
  const lo = Date.parse(`${from}T00:00:00Z`);
  const hi = Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1;
  const out: string[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const t = log.ts[i] as number;
    if (t >= lo && t <= hi) out.push((log.render(i) as Ev).event_id);
  }
  return out;
}

describe('events list --all under 10% random faults', () => {
  it('prints exactly the emulator events of the range, once each, in order', async () => {
    const from = isoDay(Date.now() - 4 * DAY_MS);
    const to = isoDay(Date.now());
    const expected = storedDays(noisy, from, to);
    expect(expected.length).toBeGreaterThan(400);
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '10', '--from', from, '--to', to, '--retries', '10'], { env: env(noisy) });
    expect(r.code, r.stderr).toBe(0);
    const ids = ndjson(r.stdout).map((e) => (e as Ev).event_id);
    expect(ids).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    // The faults really happened, of both kinds, and each was retried.
    const reqs = noisy.requests.filter((q) => q.path === '/emails/events');
    expect(reqs.filter((q) => q.status === 0).length).toBeGreaterThan(0);
    expect(reqs.filter((q) => q.status >= 500).length).toBeGreaterThan(0);
    expect(reqs.filter((q) => q.status === 200)).toHaveLength(Math.ceil(expected.length / 10));
  });
});

describe('lists attach of 10,000 contacts under faults', () => {
  function membership(emu: Emulator, contacts: string[], lists: string[]): number {
    let n = 0;
    for (const c of contacts) {
      const set = emu.store.teams.main.contacts.get(c)!.listIds;
      for (const l of lists) if (set.has(l)) n++;
    }
    return n;
  }

  function snapshot(emu: Emulator) {
    return new Map([...emu.store.teams.main.contacts.values()].map((c) => [c.id, new Set(c.listIds)]));
  }
  function restore(emu: Emulator, saved: Map<string, Set<string>>) {
    for (const [id, set] of saved) emu.store.teams.main.contacts.get(id)!.listIds = new Set(set);
  }

  let contacts: string[];
  let lists: string[];
  let file: string;
  let original: Map<string, Set<string>>;
  beforeAll(() => {
    contacts = [...noisy.store.teams.main.contacts.keys()];
    lists = [...noisy.store.teams.main.lists.keys()];
    expect(contacts).toHaveLength(10_000);
    file = join(dir, 'contacts.txt');
    writeFileSync(file, `${contacts.join('\n')}\n`);
    original = snapshot(noisy);
  });
  beforeEach(() => restore(noisy, original));

  it('totals are exact and equal to the change in the emulator (random faults, a drop and a 503 on top)', async () => {
    const before = membership(noisy, contacts, lists);
    noisy.scriptFault({ method: 'POST', path: BULK, drop: true, skip: 1, times: 1 });
    noisy.scriptFault({ method: 'POST', path: BULK, status: 503, skip: 4, times: 1 });
    const r = await runCli(['lists', 'attach', '--contacts-file', file, '--list', lists.join(','), '--json', '--retries', '10'], { env: env(noisy) });
    expect(r.code, r.stderr).toBe(0);
    const after = membership(noisy, contacts, lists);
    expect(after).toBe(contacts.length * lists.length);
    expect(JSON.parse(r.stdout)).toEqual({
      attached: after - before,
      already_attached: before,
      total_pairs: 60_000,
      contacts: 10_000,
      lists: lists.length,
      requests: 10,
      requests_succeeded: 10,
    });
    const bulk = noisy.requests.filter((q) => q.path === BULK);
    expect(bulk.filter((q) => q.status === 200)).toHaveLength(10);
    expect(faulted(bulk).length).toBeGreaterThanOrEqual(2);
  });

  it('a request failing after retries: a clean partial report, and a re-run completes the job', async () => {
    const before = membership(noisy, contacts, lists);
    // The fourth attempt and the two after it fail: with --retries 2 the request they hit is
    // the last one. Which request that is depends on where this emulator's random faults fall
    // (its random sequence is shared with the tests before, whose request counts follow the
    // date), so it is read from the requests the emulator answered.
    noisy.scriptFault({ method: 'POST', path: BULK, status: 503, skip: 3, times: 3 });
    const first = await runCli(['lists', 'attach', '--contacts-file', file, '--list', lists.join(','), '--json', '--retries', '2'], { env: env(noisy) });
    expect(first.code).toBe(1);
    const partial = JSON.parse(first.stdout);
    const mid = membership(noisy, contacts, lists);
    const succeeded = noisy.requests.filter((q) => q.path === BULK && q.status === 200).length;
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(succeeded).toBeLessThanOrEqual(3);
    expect(partial.requests_succeeded).toBe(succeeded);
    expect(partial.attached).toBe(mid - before);
    expect(partial.attached + partial.already_attached).toBe(partial.total_pairs);
    expect(first.stderr).toMatch(new RegExp(`request ${succeeded + 1} of 10 failed`));
    expect(first.stderr).toMatch(/^error: /m);
    expect(first.stderr).not.toMatch(/^\s+at /m);

    const again = await runCli(['lists', 'attach', '--contacts-file', file, '--list', lists.join(','), '--json', '--retries', '10'], { env: env(noisy) });
    expect(again.code, again.stderr).toBe(0);
    const totals = JSON.parse(again.stdout);
    expect(membership(noisy, contacts, lists)).toBe(60_000);
    expect(totals.attached).toBe(60_000 - mid);
    expect(totals.total_pairs).toBe(60_000);
  });

  // A 500 may come after the server applied the request: the partial report must
  // say so too, not contradict the client's error with "request 1 did not run".
  it('a 500 after retries: the partial report does not claim the failed request did not run', async () => {
    clean.scriptFault({ method: 'POST', path: BULK, status: 500, times: 1 });
    const r = await runCli(['lists', 'attach', '--contact', clean.fixtures.contacts.slice(0, 5).join(','), '--list', clean.fixtures.lists[0]!, '--retries', '0'], {
      env: env(clean),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the POST may or may not have been applied');
    expect(r.stderr).not.toMatch(/request 1 did not run/);
    expect(r.stderr).toMatch(/request 1 may or may not have been applied/);
  });

  // A bulk request the server applied but whose answer was lost (dropMidBody) is
  // retried, and the retry counts the pairs the lost attempt attached as
  // already_attached: the split may be off, and then stderr must say so
  // (total_pairs stays exact).
  it('an answer lost after the server applied the request: totals exact, or a warning that says they are not', async () => {
    const before = membership(noisy, contacts, lists);
    noisy.scriptFault({ method: 'POST', path: BULK, dropMidBody: true, skip: 2, times: 1 });
    const r = await runCli(['lists', 'attach', '--contacts-file', file, '--list', lists.join(','), '--json', '--retries', '10'], { env: env(noisy) });
    expect(r.code, r.stderr).toBe(0);
    const totals = JSON.parse(r.stdout);
    expect(totals.total_pairs).toBe(60_000);
    const changed = membership(noisy, contacts, lists) - before;
    if (totals.attached !== changed) expect(r.stderr).toMatch(/lost|may have been applied|uncertain/);
  });
});

describe('campaign schedule when requests fail', () => {
  const at = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3_600_000).toISOString().replace('.000Z', 'Z');
  const state = (emu: Emulator, id: string) => {
    const c = emu.store.teams.main.campaigns.get(id)!;
    return { status: c.status, scheduled_at: c.scheduled_at };
  };
  const schedule = (emu: Emulator, id: string, when: string, retries: number) =>
    runCli(['campaign', 'schedule', id, '--at', when, '--retries', String(retries), '--json'], { env: env(emu) });
  const posts = (emu: Emulator) => emu.requests.filter((q) => q.method === 'POST').map((q) => q.status);

  it('under 10% random faults: each run either schedules the campaign or fails with it unchanged, and says how to check', async () => {
    // An emulator of its own: its seeded faults then depend on these requests only.
    const emu = await startEmulator({ seed: 8, faultRate: 0.1, events: 10, now: clock.now });
    try {
      const id = emu.fixtures.campaigns.draft;
      const outcomes: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const before = state(emu, id);
        const when = at(24 + i);
        const r = await schedule(emu, id, when, 0);
        outcomes.push(r.code!);
        if (r.code === 0) {
          expect(state(emu, id)).toEqual({ status: 'scheduled', scheduled_at: Date.parse(when) });
          expect(Date.parse(JSON.parse(r.stdout).scheduled_at)).toBe(Date.parse(when));
        } else {
          expect([1, 7], r.stderr).toContain(r.code);
          expectCleanFailure(r, r.code!);
          expect(state(emu, id)).toEqual(before);
          expect(r.stderr).toContain('may or may not have been applied');
          expect(r.stderr).toContain(`mailctl campaign show ${id}`);
        }
      }
      // The seed gives both outcomes, so both branches above were exercised.
      expect(outcomes).toContain(0);
      expect(outcomes.some((c) => c !== 0), String(outcomes)).toBe(true);
    } finally {
      await emu.close();
    }
  });

  it('succeeds after retries: two 503s, a dropped connection, then the schedule', async () => {
    const id = clean.fixtures.campaigns.draft;
    clean.scriptFault({ method: 'POST', status: 503, times: 2 });
    clean.scriptFault({ method: 'POST', drop: true, times: 1 });
    const when = at(30);
    const r = await schedule(clean, id, when, 3);
    expect(r.code, r.stderr).toBe(0);
    expect(posts(clean)).toEqual([503, 503, 0, 200]);
    expect(state(clean, id)).toEqual({ status: 'scheduled', scheduled_at: Date.parse(when) });
  });

  it('succeeds after retries when the first answer was lost after the server applied it', async () => {
    const id = clean.fixtures.campaigns.scheduled;
    clean.scriptFault({ method: 'POST', dropMidBody: true, times: 1 });
    const when = at(31);
    const r = await schedule(clean, id, when, 3);
    expect(r.code, r.stderr).toBe(0);
    expect(posts(clean)).toEqual([0, 200]);
    expect(state(clean, id)).toEqual({ status: 'scheduled', scheduled_at: Date.parse(when) });
  });

  it('503 after every retry: exit 1, campaign unchanged, and stderr says it may or may not be scheduled and how to check', async () => {
    const id = clean.fixtures.campaigns.scheduled;
    const before = state(clean, id);
    clean.scriptFault({ method: 'POST', status: 503, times: 3 });
    const r = await schedule(clean, id, at(32), 2);
    expectCleanFailure(r, 1);
    expect(posts(clean)).toEqual([503, 503, 503]);
    expect(state(clean, id)).toEqual(before);
    expect(r.stderr).toContain('the POST may or may not have been applied');
    expect(r.stderr).toContain(`hint: check with \`mailctl campaign show ${id}\``);
  });

  it('connection dropped on every attempt: exit 7, campaign unchanged, same advice', async () => {
    const id = clean.fixtures.campaigns.draft;
    const before = state(clean, id);
    clean.scriptFault({ method: 'POST', drop: true, times: 2 });
    const r = await schedule(clean, id, at(33), 1);
    expectCleanFailure(r, 7);
    expect(posts(clean)).toEqual([0, 0]);
    expect(state(clean, id)).toEqual(before);
    expect(r.stderr).toContain('may or may not have been applied');
    expect(r.stderr).toContain(`mailctl campaign show ${id}`);
  });

  it('every answer lost after the server applied it: exit 7, and stderr does not claim it was not scheduled', async () => {
    const id = clean.fixtures.campaigns.draft;
    clean.scriptFault({ method: 'POST', dropMidBody: true, times: 2 });
    const when = at(34);
    const r = await schedule(clean, id, when, 1);
    expectCleanFailure(r, 7);
    // the server did schedule it: the message must leave that open, and say how to check
    expect(state(clean, id)).toEqual({ status: 'scheduled', scheduled_at: Date.parse(when) });
    expect(r.stderr).toContain('may or may not have been applied');
    expect(r.stderr).toContain(`mailctl campaign show ${id}`);
  });

  it('429 after every retry: exit 6, campaign unchanged, and stderr says nothing was changed', async () => {
    const id = clean.fixtures.campaigns.scheduled;
    const before = state(clean, id);
    clean.scriptFault({ method: 'POST', status: 429, headers: { 'Retry-After': '0' }, body: '{"message":"Rate limit exceeded.","error_code":"rate_limit_exceeded"}', times: 2 });
    const r = await schedule(clean, id, at(35), 1);
    expectCleanFailure(r, 6);
    expect(state(clean, id)).toEqual(before);
    expect(r.stderr).toContain('the POST was not applied: nothing was changed');
  });

  it('unschedule whose first answer was lost: the retry is refused as "not scheduled", and stderr says why that may be', async () => {
    const id = clean.fixtures.campaigns.scheduled;
    expect(state(clean, id).status).toBe('scheduled');
    clean.scriptFault({ method: 'POST', dropMidBody: true, times: 1 });
    const r = await runCli(['campaign', 'unschedule', id, '--retries', '2'], { env: env(clean) });
    expectCleanFailure(r, 5);
    expect(posts(clean)).toEqual([0, 422]);
    expect(state(clean, id).status).toBe('draft');
    expect(r.stderr).toContain('an earlier attempt of this POST may have been applied (its answer was lost): this refusal may be its result');
    expect(r.stderr).toContain(`mailctl campaign show ${id}`);
    // --if-scheduled makes the same situation a success
    clean.clearRequests();
    const draft = state(clean, id);
    const again = await runCli(['campaign', 'unschedule', id, '--if-scheduled', '-q'], { env: env(clean) });
    expect(again.code, again.stderr).toBe(0);
    expect(state(clean, id)).toEqual(draft);
  });
});

describe('a 429 storm', () => {
  /** Asserts that after every 429 the next request arrived only once its wait had passed. */
  function expectWaited(reqs: RecordedRequest[], waitOf: (r: RecordedRequest) => number) {
    let checked = 0;
    for (let i = 0; i < reqs.length - 1; i++) {
      if (reqs[i]!.status !== 429) continue;
      const earliest = reqs[i]!.time + waitOf(reqs[i]!);
      expect(reqs[i + 1]!.time, `request ${i + 2} came ${earliest - reqs[i + 1]!.time} ms early`).toBeGreaterThanOrEqual(earliest);
      checked++;
    }
    return checked;
  }

  it('no request is sent before the Retry-After (seconds) of the 429 before it has passed', async () => {
    clean.scriptFault({ path: '/emails/events', status: 429, headers: { 'Retry-After': '1' }, skip: 2, times: 3 });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--retries', '5'], { env: env(clean) });
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(600);
    expect(clean.requests.map((q) => q.status).filter((s) => s === 429)).toHaveLength(3);
    expect(expectWaited(clean.requests, () => 1000)).toBe(3);
  });

  it('honours Retry-After as an HTTP date, and X-RateLimit-Reset when Retry-After is missing', async () => {
    const date = new Date(Math.ceil(clock.now() / 1000) * 1000 + 2000);
    clean.scriptFault({ path: '/webhooks', status: 429, headers: { 'Retry-After': date.toUTCString() }, times: 1 });
    const reset = Math.ceil(clock.now() / 1000) + 3;
    clean.scriptFault({ path: '/webhooks', status: 429, headers: { 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) }, times: 1 });
    const r = await runCli(['webhook', 'list', '--json', '--retries', '3'], { env: env(clean) });
    expect(r.code, r.stderr).toBe(0);
    expect(clean.requests.map((q) => q.status)).toEqual([429, 429, 200]);
    expect(clean.requests[1]!.time).toBeGreaterThanOrEqual(date.getTime());
    expect(clean.requests[2]!.time).toBeGreaterThanOrEqual(reset * 1000);
  });

  it('a Retry-After of an hour is not waited out: exit 6 at once, saying how long to wait', async () => {
    clean.scriptFault({ path: '/webhooks', status: 429, headers: { 'Retry-After': '3600' }, body: '{"message":"Daily quota exceeded.","error_code":"rate_limit_exceeded"}', times: 1 });
    const r = await runCli(['webhook', 'list', '--retries', '3'], { env: env(clean) });
    expectCleanFailure(r, 6);
    expect(clean.requests).toHaveLength(1);
    expect(r.stderr).toContain('3600 s');
  });

  it('against the emulator rate limit (3/s), pacing on X-RateLimit-* means no 429 at all', async () => {
    const limited = await startEmulator({ seed: 9, events: 900, rateLimit: 3, now: clock.now });
    try {
      const r = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '100'], { env: env(limited) });
      expect(r.code, r.stderr).toBe(0);
      expect(ndjson(r.stdout)).toHaveLength(900);
      expect(limited.requests.map((q) => q.status)).toEqual(Array(9).fill(200));
    } finally {
      await limited.close();
    }
  });
});

describe('slow servers and broken connections', () => {
  it('a server slower than --timeout: exit 7 naming the URL, after the retries', async () => {
    clean.scriptFault({ path: '/webhooks', delayMs: 3000, times: 2 });
    const r = await runCli(['webhook', 'list', '--timeout', '300ms', '--retries', '1'], { env: env(clean) });
    expectCleanFailure(r, 7);
    expect(r.stderr.split('\n')[0]).toBe(`error: GET ${clean.baseUrl}/webhooks: timed out after 300 ms`);
    expect(clean.requests).toHaveLength(2);
  });

  it('a connection closed mid-body is retried for GET: the output is whole', async () => {
    clean.scriptFault({ path: '/webhooks', dropMidBody: true, times: 1 });
    const r = await runCli(['webhook', 'list', '--json'], { env: env(clean) });
    expect(r.code, r.stderr).toBe(0);
    expect(clean.requests.map((q) => q.status)).toEqual([0, 200]);
    expect(JSON.parse(r.stdout)).toHaveLength(clean.fixtures.webhooks.length);
  });

  it('connections closed mid-body during events list --all: every event once', async () => {
    clean.scriptFault({ path: '/emails/events', dropMidBody: true, skip: 1, times: 2 });
    clean.scriptFault({ path: '/emails/events', drop: true, skip: 3, times: 1 });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '50', '--retries', '5'], { env: env(clean) });
    expect(r.code, r.stderr).toBe(0);
    const ids = ndjson(r.stdout).map((e) => (e as Ev).event_id);
    expect(ids).toHaveLength(600);
    expect(new Set(ids).size).toBe(600);
    expect(clean.requests.filter((q) => q.status === 0)).toHaveLength(3);
  });

  it('a PUT whose answer is lost on every attempt: exit 7, saying it may or may not have been applied', async () => {
    const id = clean.fixtures.webhooks[0]!;
    clean.scriptFault({ method: 'PUT', dropMidBody: true, times: 2 });
    const r = await runCli(['webhook', 'set', id, '--name', 'Renamed by a lost request', '--retries', '1'], { env: env(clean) });
    expectCleanFailure(r, 7);
    expect(r.stderr).toContain('the PUT may or may not have been applied');
    expect(clean.store.teams.main.webhooks.get(id)!.name).toBe('Renamed by a lost request');
  });
});

describe('authentication', () => {
  const BAD_KEY = `live_${'0'.repeat(64)}`;
  const commands: string[][] = [
    ['events', 'list', '--all'],
    ['webhook', 'list'],
    ['campaign', 'list', '--all'],
    ['email', 'show', '1234567890123456'],
  ];

  it.each(commands)('a 401 is requested exactly once, exit 3, with the hint to run `mailctl auth login` (%s %s)', async (...args) => {
    const r = await runCli([...args, '--retries', '10'], { env: { ...env(clean), MAILCTL_API_KEY: BAD_KEY } });
    expectCleanFailure(r, 3);
    expect(clean.requests).toHaveLength(1);
    expect(clean.requests[0]!.status).toBe(401);
    expect(r.stderr).toContain('mailctl auth login');
    expect(r.stderr).not.toContain(BAD_KEY);
  });

  it('a write: a 401 is requested once and nothing changes', async () => {
    const id = clean.fixtures.campaigns.draft;
    const before = clean.store.teams.main.campaigns.get(id)!.status;
    const r = await runCli(['campaign', 'schedule', id, '--at', '+2d', '--retries', '10'], { env: { ...env(clean), MAILCTL_API_KEY: BAD_KEY } });
    expectCleanFailure(r, 3);
    expect(clean.requests).toHaveLength(1);
    expect(clean.store.teams.main.campaigns.get(id)!.status).toBe(before);
    expect(r.stderr).toContain('mailctl auth login');
  });

  it('a 401 in the middle of --all: stops at once, the pages already written stay whole', async () => {
    clean.scriptFault({ path: '/emails/events', status: 401, body: '{"message":"Invalid API key."}', skip: 2, times: 1 });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '100', '--retries', '10'], { env: env(clean) });
    expectCleanFailure(r, 3);
    expect(clean.requests.map((q) => q.status)).toEqual([200, 200, 401]);
    expect(ndjson(r.stdout)).toHaveLength(200);
    expect(r.stderr).toContain('mailctl auth login');
  });
});

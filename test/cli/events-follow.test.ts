// `events list --follow` and Ctrl-C: events added to the emulator while the CLI
// runs are printed once each, oldest first; SIGINT ends it with exit 130 and
// output that is whole.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { emulatorEnv, finished, ndjson, startCli, type CliResult } from '../helpers/cli.js';
import { runCliInProcess, useEmulator } from '../helpers/context.js';
import { tsvRows } from '../helpers/parse.js';

const emu = useEmulator({ seed: 9, events: 1500 });

type Ev = Record<string, unknown> & { event_id: string; type: string };

/** The newest `n` stored events, oldest first (what --follow prints for them). */
function newest(n: number, pred: (e: Ev) => boolean = () => true): Ev[] {
  const log = emu.store.teams.main.events;
  const out: Ev[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < n; i--) {
    const e = log.render(i) as Ev;
    if (pred(e)) out.push(e);
  }
  return out.reverse();
}

/** Events appended by addEvents since the log had `before` events, oldest first. */
function addedSince(before: number, pred: (e: Ev) => boolean = () => true): Ev[] {
  const log = emu.store.teams.main.events;
  const out: Ev[] = [];
  for (let i = before; i < log.length; i++) {
    const e = log.render(i) as Ev;
    if (pred(e)) out.push(e);
  }
  return out;
}

const ids = (events: unknown[]) => events.map((e) => (e as Ev).event_id);

interface Running {
  child: ChildProcessWithoutNullStreams;
  done: Promise<CliResult>;
  out(): string;
  /** Resolves once stdout satisfies the test. */
  until(test: (stdout: string) => boolean): Promise<void>;
  /** Resolves once the CLI has sent `n` more requests than now. */
  polls(n: number): Promise<void>;
}

function follow(args: string[]): Running {
  // polls close together: each wait below is for the next poll or a few of them
  const child = startCli(['events', 'list', '--follow', '--poll-interval', '50ms', ...args], { env: emulatorEnv(emu, 'full') });
  const done = finished(child);
  let stdout = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (d: string) => {
    stdout += d;
    for (const w of waiters.splice(0)) w();
  });
  const until = async (test: (s: string) => boolean) => {
    while (!test(stdout)) {
      if (child.exitCode !== null) throw new Error(`CLI ended early: ${JSON.stringify(await done)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 10);
      });
    }
  };
  const polls = async (n: number) => {
    const target = emu.requests.length + n;
    while (emu.requests.length < target) {
      if (child.exitCode !== null) throw new Error(`CLI ended early: ${JSON.stringify(await done)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { child, done, out: () => stdout, until, polls };
}

const lineCount = (n: number) => (s: string) => s.split('\n').length - 1 >= n;

describe('events list --follow', () => {
  it('prints the newest page oldest first, then every event added while it runs, once, until SIGINT (exit 130)', async () => {
    const f = follow(['--ndjson', '--per-page', '5']);
    await f.until(lineCount(5));
    const backlog = newest(5);
    const start = emu.store.teams.main.events.length;
    emu.addEvents(4);
    await f.until(lineCount(9));
    emu.addEvents(130); // more than one page of a poll
    await f.until(lineCount(139));
    await f.polls(3); // a few more polls over the same window must not print anything again
    f.child.kill('SIGINT');
    const r = await f.done;
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const got = ndjson(r.stdout);
    expect(ids(got)).toEqual([...ids(backlog), ...ids(addedSince(start))]);
    expect(r.stderr).toBe('Watching for new events (Ctrl-C to stop)…\n');
    const reqs = emu.requests.filter((q) => q.path === '/emails/events');
    expect(reqs[0]!.query).toEqual({ per_page: '5' });
    // polls ask for the biggest page from the day of the newest event seen (minus the overlap)
    expect(reqs.slice(1).every((q) => q.query.per_page === '100' && /^\d{4}-\d\d-\d\d$/.test(q.query.from ?? ''))).toBe(true);
    expect(reqs.every((q) => q.status === 200)).toBe(true);
  });

  it('keeps to the filters: only new deliveries show up, as tab-separated rows in a pipe', async () => {
    const isDelivery = (e: Ev) => e.type === 'delivery';
    const f = follow(['--events', 'delivery']);
    const backlog = newest(25, isDelivery);
    await f.until(lineCount(backlog.length));
    const start = emu.store.teams.main.events.length;
    emu.addEvents(60);
    const added = addedSince(start, isDelivery);
    expect(added.length).toBeGreaterThan(3);
    await f.until(lineCount(backlog.length + added.length));
    await f.polls(2);
    f.child.kill('SIGINT');
    const r = await f.done;
    expect(r.code).toBe(130);
    const rows = tsvRows(r.stdout);
    expect(rows.map((c) => c[0])).toEqual([...backlog, ...added].map((e) => e.timestamp));
    expect(rows.every((c) => c[1] === 'delivery' && /^queued \d+ ms$/.test(c[5]!))).toBe(true);
    expect(emu.requests.every((q) => q.query.events === 'delivery')).toBe(true);
  });

  it('csv and json stay valid when stopped: a header and whole rows, a closed array', async () => {
    const csv = follow(['-o', 'csv', '--per-page', '3']);
    await csv.until(lineCount(4));
    csv.child.kill('SIGINT');
    const c = await csv.done;
    expect(c.code).toBe(130);
    const lines = c.stdout.split('\r\n');
    expect(lines[0]).toBe('timestamp,type,rcpt_to,subject,mailbox_provider,detail');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(5);

    const json = follow(['--json', '--per-page', '2']);
    await json.until((s) => s.includes('}'));
    const start = emu.store.teams.main.events.length;
    emu.addEvents(2);
    await json.until((s) => (s.match(/"event_id"/g) ?? []).length >= 4);
    json.child.kill('SIGINT');
    const j = await json.done;
    expect(j.code).toBe(130);
    expect(ids(JSON.parse(j.stdout))).toEqual([...ids(newest(4).slice(0, 2)), ...ids(addedSince(start))]);
  });

  it('--limit ends the watch by itself (exit 0) once that many events were printed', async () => {
    const f = follow(['--ndjson', '--per-page', '2', '--limit', '5']);
    await f.until(lineCount(2));
    const start = emu.store.teams.main.events.length;
    emu.addEvents(10);
    const r = await f.done;
    expect(r.code).toBe(0);
    expect(ids(ndjson(r.stdout)).slice(2)).toEqual(ids(addedSince(start).slice(0, 3)));
  });

  it('--limit smaller than the first page prints the newest events of it, as events list --limit does, then ends', async () => {
    // a cut from the old end would print events older than ones it never shows: a gap, not the latest
    const r = await runCliInProcess(['events', 'list', '--follow', '--per-page', '10', '--limit', '3', '--ndjson'], { env: emulatorEnv(emu, 'full') });
    expect(r.code).toBe(0);
    expect(ids(ndjson(r.stdout))).toEqual(ids(newest(3)));
    expect(emu.requests.map((q) => q.rawQuery)).toEqual(['per_page=10']);
  });

  it('a poll that fails is warned about and retried; the watch goes on', async () => {
    const f = follow(['--ndjson', '--per-page', '1', '--retries', '0']);
    await f.until(lineCount(1));
    emu.scriptFault({ path: '/emails/events', status: 503 });
    await f.polls(2);
    const start = emu.store.teams.main.events.length;
    emu.addEvents(2);
    await f.until(lineCount(3));
    f.child.kill('SIGINT');
    const r = await f.done;
    expect(r.code).toBe(130);
    expect(ids(ndjson(r.stdout)).slice(1)).toEqual(ids(addedSince(start)));
    expect(r.stderr).toMatch(/warning: .*; polling again in \d+s/);
  });
});

describe('Ctrl-C during --all', () => {
  it('stops with exit 130 and whole NDJSON lines', async () => {
    // slow pages (every answer 60 ms late): Ctrl-C comes while the listing is part-way
    emu.scriptFault({ delayMs: 60, times: Number.MAX_SAFE_INTEGER });
    const slow = emu;
    const total = emu.store.teams.main.events.length;
    try {
      const child = startCli(['events', 'list', '--all', '--ndjson'], { env: emulatorEnv(slow, 'full') });
      const done = finished(child);
      let seen = 0;
      child.stdout.on('data', (d: string) => (seen += d.length));
      while (slow.requests.length < 3) await new Promise((r) => setTimeout(r, 30));
      child.kill('SIGINT');
      const r = await done;
      expect(r.code).toBe(130);
      expect(seen).toBeGreaterThan(0);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const lines = ndjson(r.stdout);
      expect(lines.length % 100).toBe(0);
      expect(lines.length).toBeLessThan(total);
    } finally {
      emu.clearFaults();
    }
  });
});

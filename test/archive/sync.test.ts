// `events sync` against the emulator: the archive holds exactly the API's
// events (every id, every field), a second run adds nothing and re-reads only
// the newest day, and interruptions of every kind (SIGKILL at a random page,
// SIGTERM, 503s, dropped connections, a 429 storm, a network failure) lose
// nothing: the next run ends with exactly the full set.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, runCli, startCli } from '../helpers/cli.js';
import { archiveRows, day, eventRequests, newArchivePath, storedEvents, sync, syncState, type Ev } from './support.js';

const EVENTS = 2500;
const PAGES = Math.ceil(EVENTS / 100);
let emu: Emulator;
let all: Ev[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 18, events: EVENTS });
  all = storedEvents(emu);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.clearRequests();
  emu.clearFaults();
});

const okRequests = () => eventRequests(emu).filter((r) => r.status === 200);

function expectFullSet(path: string): void {
  const rows = archiveRows(path);
  expect(rows.length).toBe(all.length);
  expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(all.map((e) => e.event_id)));
}

describe('events sync: the first run', () => {
  it('stores every event of the range with every field, and prints the summary', async () => {
    const db = newArchivePath();
    const r = await sync(emu, db, [], {});
    expect(r.code, r.stderr).toBe(0);
    // one request per 100 events, each for the 90 days back to today at the largest page size
    const reqs = eventRequests(emu);
    expect(reqs.length).toBe(PAGES);
    const today = day(Date.now());
    for (const q of reqs) expect(q.query).toMatchObject({ per_page: '100', from: day(Date.now() - 90 * 86_400_000), to: today });
    const rows = archiveRows(db);
    expect(rows.map((r) => r.event_id)).toEqual(all.map((e) => e.event_id));
    for (const [i, row] of rows.entries()) {
      const e = all[i]!;
      expect(JSON.parse(row.raw)).toEqual(e);
      expect(row).toMatchObject({
        type: e.type, timestamp: e.timestamp, timestamp_ms: Date.parse(e.timestamp), request_id: e.request_id, rcpt_to: e.rcpt_to,
        raw_rcpt_to: e.raw_rcpt_to, recipient_domain: e.recipient_domain, mailbox_provider: e.mailbox_provider,
        mailbox_provider_region: e.mailbox_provider_region, subject: e.subject, friendly_from: e.friendly_from,
        queue_time: e.queue_time ?? null, bounce_class: e.bounce_class ?? null, error_code: e.error_code ?? null, reason: e.reason ?? null,
      });
    }
    // the summary: data on stdout, tab-separated in a pipe
    expect(r.stdout).toContain(`read\t${EVENTS}\n`);
    expect(r.stdout).toContain(`new\t${EVENTS}\n`);
    expect(r.stdout).toContain('already_present\t0\n');
    expect(r.stdout).toContain(`archive_total\t${EVENTS}\n`);
    expect(r.stdout).toContain(`newest\t${all[0]!.timestamp}\n`);
    expect(r.stdout).toContain(`oldest\t${all.at(-1)!.timestamp}\n`);
    expect(syncState(db)).toMatchObject([{ newest_day: today, pending_from: null, pending_cursor: null, last_run_new: EVENTS }]);
  });

  it('a second run adds nothing and re-reads the newest day only, in as many requests as its pages', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db)).code).toBe(0);
    emu.clearRequests();
    const r = await sync(emu, db, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    const today = day(Date.now());
    const todays = all.filter((e) => e.timestamp.startsWith(today)).length;
    expect(eventRequests(emu).length).toBe(Math.max(1, Math.ceil(todays / 100)));
    for (const q of eventRequests(emu)) expect(q.query).toMatchObject({ from: today, to: today });
    expect(JSON.parse(r.stdout)).toMatchObject({ read: todays, new: 0, already_present: todays, archive_total: EVENTS });
    expectFullSet(db);
  });

  it('--overlap 3d re-reads the newest day and the two before it', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db)).code).toBe(0);
    emu.clearRequests();
    const r = await sync(emu, db, ['--overlap', '3d', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(eventRequests(emu)[0]!.query).toMatchObject({ from: day(Date.now() - 2 * 86_400_000), to: day(Date.now()) });
    expect(JSON.parse(r.stdout)).toMatchObject({ new: 0 });
  });

  it('--events stores only those types and asks the API for only those', async () => {
    const db = newArchivePath();
    const r = await sync(emu, db, ['--events', 'bounce,spam_complaint', '--from', '30d']);
    expect(r.code, r.stderr).toBe(0);
    for (const q of eventRequests(emu)) expect(q.query.events).toBe('bounce,spam_complaint');
    const wanted = all.filter((e) => e.type === 'bounce' || e.type === 'spam_complaint');
    expect(archiveRows(db).map((x) => x.event_id)).toEqual(wanted.map((e) => e.event_id));
  });
});

describe('events sync: interruptions lose nothing', () => {
  it.each([3, 11, 19])('SIGKILL after page %i, then a re-run: exactly the full set, continued where it stopped', async (killAt) => {
    // latency keeps the pages coming slowly enough to kill the process between them
    const slow = await startEmulator({ seed: 18, events: EVENTS, latency: 40 });
    try {
      const db = newArchivePath();
      const child = startCli(['events', 'sync', '--db', db], { env: emulatorEnv(slow) });
      const done = finished(child);
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (eventRequests(slow).length >= killAt) {
            clearInterval(timer);
            child.kill('SIGKILL');
            resolve();
          }
        }, 2);
      });
      expect((await done).signal).toBe('SIGKILL');
      const kept = archiveRows(db).length;
      expect(kept).toBeLessThan(EVENTS);
      slow.clearRequests();
      const r = await runCli(['events', 'sync', '--db', db, '--json'], { env: emulatorEnv(slow) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('Continuing the interrupted sync');
      expectFullSet(db);
      // it continued at the saved cursor: only the pages not yet committed were read again
      expect(eventRequests(slow).length).toBe(Math.ceil((EVENTS - kept) / 100));
      expect(JSON.parse(r.stdout)).toMatchObject({ new: EVENTS - kept, archive_total: EVENTS });
    } finally {
      await slow.close();
    }
  });

  it('SIGTERM: exit 143, says what was kept and how to finish; the re-run completes', async () => {
    const slow = await startEmulator({ seed: 18, events: EVENTS, latency: 40 });
    try {
      const db = newArchivePath();
      const child = startCli(['events', 'sync', '--db', db], { env: emulatorEnv(slow) });
      const done = finished(child);
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (eventRequests(slow).length >= 5) {
            clearInterval(timer);
            child.kill('SIGTERM');
            resolve();
          }
        }, 2);
      });
      const r = await done;
      expect(r.code).toBe(143);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/events sync stopped after \d+ pages: \d+ events read, \d+ new, all committed to /);
      expect(r.stderr).toContain('Run `mailctl events sync` again');
      expect((await runCli(['events', 'sync', '--db', db], { env: emulatorEnv(slow) })).code).toBe(0);
      expectFullSet(db);
    } finally {
      await slow.close();
    }
  });

  it('503s, dropped connections and a 429 storm mid-sync are retried: the full set, exit 0', async () => {
    const db = newArchivePath();
    emu.scriptFault({ path: '/emails/events', status: 503, skip: 3, times: 2 });
    emu.scriptFault({ path: '/emails/events', drop: true, skip: 8, times: 1 });
    emu.scriptFault({ path: '/emails/events', dropMidBody: true, skip: 12, times: 1 });
    emu.scriptFault({ path: '/emails/events', status: 429, skip: 16, times: 3, headers: { 'Retry-After': '0' }, body: '{"message":"Rate limit exceeded.","error_code":"rate_limit_exceeded"}' });
    const r = await sync(emu, db, ['--retries', '5']);
    expect(r.code, r.stderr).toBe(0);
    expectFullSet(db);
    expect(okRequests().length).toBe(PAGES);
  });

  it('a network failure that outlasts the retries: exit 7, the committed pages stay, the next run finishes', async () => {
    const db = newArchivePath();
    emu.scriptFault({ path: '/emails/events', drop: true, skip: 6, times: 3 });
    const r = await sync(emu, db, ['--retries', '1']);
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/events sync stopped after \d+ pages/);
    const kept = archiveRows(db).length;
    expect(kept).toBeGreaterThanOrEqual(500);
    emu.clearRequests();
    emu.clearFaults();
    const again = await sync(emu, db);
    expect(again.code, again.stderr).toBe(0);
    expectFullSet(db);
    expect(eventRequests(emu).length).toBe(Math.ceil((EVENTS - kept) / 100));
  });
});

describe('events sync: dry run and bad input send nothing', () => {
  it('--dry-run prints the range and the request estimate, creates no file, sends nothing', async () => {
    const db = newArchivePath();
    const r = await sync(emu, db, ['--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ dry_run: true, ranges: [{ from: day(Date.now() - 90 * 86_400_000), to: day(Date.now()) }], requests_estimate: null });
    expect(r.stderr).toContain('dry run: nothing was sent');
    expect(existsSync(db)).toBe(false);
    expect(emu.requests.length).toBe(0);
  });

  it('--dry-run after a sync estimates from the archived newest day; a sandbox key is told whether its day budget covers it', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db)).code).toBe(0);
    emu.clearRequests();
    const r = await sync(emu, db, ['--dry-run', '--json'], { MAILCTL_API_KEY: emu.keys.sandbox! });
    expect(r.code, r.stderr).toBe(0);
    const todays = all.filter((e) => e.timestamp.startsWith(day(Date.now()))).length;
    const plan = JSON.parse(r.stdout);
    expect(plan).toMatchObject({ ranges: [{ from: day(Date.now()), to: day(Date.now()) }], requests_estimate: Math.max(1, Math.ceil(todays / 100)) });
    expect(plan.sandbox_budget).toMatch(/^covered/);
    expect(emu.requests.length).toBe(0);
  });

  it.each([
    [['--overlap', '10m'], '--overlap'],
    [['--overlap', 'soon'], '--overlap'],
    [['--events', 'bounced'], '--events'],
    [['--from', '2026-02-30'], '--from'],
  ])('%j: exit 2 naming the flag, no request, no archive', async (args, flag) => {
    const db = newArchivePath();
    const r = await sync(emu, db, args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(flag);
    expect(emu.requests.length).toBe(0);
    expect(existsSync(db)).toBe(false);
  });

  it('credentials written into the base URL never reach the archive file', async () => {
    const db = newArchivePath();
    const withCredentials = emu.baseUrl.replace('http://', 'http://ops:s3cret-pw@');
    const r = await sync(emu, db, ['--from', '1d'], { MAILCTL_BASE_URL: withCredentials });
    expect(r.code, r.stderr).toBe(0);
    expect(syncState(db)).toMatchObject([{ base_url: emu.baseUrl }]);
    for (const suffix of ['', '-wal']) {
      if (existsSync(db + suffix)) expect(readFileSync(db + suffix).includes('s3cret-pw')).toBe(false);
    }
  });

  it('without a key: exit 3, and no archive file is created', async () => {
    const db = newArchivePath();
    const r = await runCli(['events', 'sync', '--db', db], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code).toBe(3);
    expect(existsSync(db)).toBe(false);
    expect(emu.requests.length).toBe(0);
  });
});

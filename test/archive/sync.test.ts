// `events sync` of the SQLite archive, spawned where a signal is sent: SIGKILL at a page and
// SIGTERM lose nothing (the next run ends with exactly the full set), and bad
// input creates no file. The cases both stores share (every field, re-runs,
// --overlap, --events, failures of the API, dry runs) are in sync-stores.test.ts.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { archiveRows, day, eventRequests, newArchivePath, storedEvents, sync, syncStoppedAt, type Ev } from './support.js';

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

/** The command of the `Run \`mailctl ...\` again` hint, as argv (the temp paths hold no spaces). */
function hintedRerun(stderr: string): string[] {
  const command = /Run `mailctl ([^`]+)` again/.exec(stderr)?.[1];
  expect(command, stderr).toBeDefined();
  return command!.split(' ');
}

function expectFullSet(path: string): void {
  const rows = archiveRows(path);
  expect(rows.length).toBe(all.length);
  expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(all.map((e) => e.event_id)));
}

describe('events sync: interruptions lose nothing', () => {
  it.each([3, 11, 19])('SIGKILL after page %i, then a re-run: exactly the full set, continued where it stopped', async (killAt) => {
    // only the killed run needs a process; the emulator holds page killAt back so that the kill lands between pages
    const db = newArchivePath();
    expect((await syncStoppedAt(emu, db, killAt, 'SIGKILL')).signal).toBe('SIGKILL');
    const kept = archiveRows(db).length;
    expect(kept).toBeLessThan(EVENTS);
    emu.clearRequests();
    const r = await sync(emu, db, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Continuing the interrupted sync');
    expectFullSet(db);
    // it continued at the saved cursor: only the pages not yet committed were read again, then
    // its last day (today), for what arrived after its first page
    const today = all.filter((e) => day(Date.parse(e.timestamp)) === day(Date.now())).length;
    expect(eventRequests(emu).length).toBe(Math.ceil((EVENTS - kept) / 100) + Math.max(1, Math.ceil(today / 100)));
    expect(JSON.parse(r.stdout)).toMatchObject({ new: EVENTS - kept, archive_total: EVENTS });
  });

  it('SIGTERM: exit 143, says what was kept and how to finish; the re-run completes', async () => {
    const db = newArchivePath();
    const r = await syncStoppedAt(emu, db, 5, 'SIGTERM');
    expect(r.code).toBe(143);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/events sync stopped after [\d,]+ pages?: [\d,]+ events? read, [\d,]+ new, all committed to /);
    // the command it names is the one that finishes: the same archive (not the default one)
    const rerun = hintedRerun(r.stderr);
    expect(rerun).toEqual(['events', 'sync', '--db', db]);
    const again = await runCliInProcess(rerun, { env: emulatorEnv(emu) });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Continuing the interrupted sync');
    expectFullSet(db);
  });

  it('SIGINT with --events: the command it names keeps --events, which is part of the sync position, and continues it', async () => {
    const db = newArchivePath();
    const r = await syncStoppedAt(emu, db, 5, 'SIGINT', ['--events', 'delivery,bounce']);
    expect(r.code).toBe(130);
    const rerun = hintedRerun(r.stderr);
    expect(rerun).toEqual(['events', 'sync', '--db', db, '--events', 'bounce,delivery']);
    emu.clearRequests();
    const again = await runCliInProcess(rerun, { env: emulatorEnv(emu) });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Continuing the interrupted sync');
    const kept = all.filter((e) => e.type === 'delivery' || e.type === 'bounce');
    expect(new Set(archiveRows(db).map((row) => row.event_id))).toEqual(new Set(kept.map((e) => e.event_id)));
  });

  it('events that reach the service between the interrupted run and its re-run on the same day are read too, before the run counts as complete', async () => {
    // an emulator of its own: the events added here would change the full set the other tests expect
    const own = await startEmulator({ seed: 19, events: 1500 });
    try {
      const db = newArchivePath();
      expect((await syncStoppedAt(own, db, 5, 'SIGINT')).code).toBe(130);
      // the interrupted run read its range newest first as of when it started: these are newer than its first page
      const before = new Set(storedEvents(own).map((e) => e.event_id));
      own.addEvents(30);
      const late = storedEvents(own).filter((e) => !before.has(e.event_id));
      expect(late).toHaveLength(30);
      const again = await sync(own, db, ['--json']);
      expect(again.code, again.stderr).toBe(0);
      const archived = new Set(archiveRows(db).map((row) => row.event_id));
      expect(late.filter((e) => !archived.has(e.event_id)).map((e) => e.timestamp)).toEqual([]);
      expect(archived.size).toBe(storedEvents(own).length);
      expect(JSON.parse(again.stdout)).toMatchObject({ archive_total: 1530 });
    } finally {
      await own.close();
    }
  });
});

describe('events sync: dry run and bad input send nothing', () => {
  it.each([
    [['--overlap', '10m'], '--overlap'],
    [['--overlap', 'soon'], '--overlap'],
    [['--events', 'bounced'], '--events'],
    [['--from', '2026-02-30'], '--from'],
    // the summary's keys are known before the first request (cli.md: a usage error sends nothing)
    [['--from', '1d', '--fields', 'archive,nope'], '--fields'],
    [['--from', '1d', '--dry-run', '--fields', 'new'], '--fields'],
  ])('%j: exit 2 naming the flag, no request, no archive', async (args, flag) => {
    const db = newArchivePath();
    const r = await sync(emu, db, args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toContain(flag);
    expect(emu.requests.length).toBe(0);
    expect(existsSync(db)).toBe(false);
  });

  it('credentials written into the base URL are refused: exit 2, nothing sent, and they never reach the archive', async () => {
    const db = newArchivePath();
    const withCredentials = emu.baseUrl.replace('http://', 'http://ops:s3cret-pw@');
    const r = await sync(emu, db, ['--from', '1d'], { MAILCTL_BASE_URL: withCredentials });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('put credentials in the key, not the URL');
    expect(r.stdout + r.stderr).not.toContain('s3cret-pw');
    expect(emu.requests.length).toBe(0);
    expect(existsSync(db)).toBe(false);
  });

  it('without a key: exit 3, and no archive file is created', async () => {
    const db = newArchivePath();
    const r = await runCliInProcess(['events', 'sync', '--db', db], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code).toBe(3);
    expect(existsSync(db)).toBe(false);
    expect(emu.requests.length).toBe(0);
  });
});

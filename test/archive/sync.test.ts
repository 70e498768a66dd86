// `events sync` of the SQLite archive, spawned: SIGKILL at a random page and
// SIGTERM lose nothing (the next run ends with exactly the full set), and bad
// input creates no file. The cases both stores share (every field, re-runs,
// --overlap, --events, failures of the API, dry runs) are in sync-stores.test.ts.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, runCli, startCli } from '../helpers/cli.js';
import { archiveRows, eventRequests, newArchivePath, storedEvents, sync, type Ev } from './support.js';

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

function expectFullSet(path: string): void {
  const rows = archiveRows(path);
  expect(rows.length).toBe(all.length);
  expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(all.map((e) => e.event_id)));
}

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
});

describe('events sync: dry run and bad input send nothing', () => {
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
    const r = await runCli(['events', 'sync', '--db', db], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code).toBe(3);
    expect(existsSync(db)).toBe(false);
    expect(emu.requests.length).toBe(0);
  });
});

// A stop (SIGTERM, Ctrl-C) while a commit of `events sync` waits for another
// writer of the archive keeps the promise of a plain run: the pages received
// are committed before the process exits, the stop message counts exactly
// what the archive holds, and the next run continues after the last committed page.
import Database from 'better-sqlite3';
import { afterAll, describe, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, startCli } from '../helpers/cli.js';
import { archiveRows, day, eventRequests, newArchivePath, storedEvents, sync, syncState, type Ev } from './support.js';

const EVENTS = 2500;
// one emulator per test (their request counts are checked), so the two stops run side by side
const emulators: Emulator[] = [];
afterAll(async () => {
  for (const emu of emulators) await emu.close();
});
async function ownEmulator(): Promise<{ emu: Emulator; all: Ev[] }> {
  const emu = await startEmulator({ seed: 31, events: EVENTS });
  emulators.push(emu);
  return { emu, all: storedEvents(emu) };
}

const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });

describe('events sync: stopped while a commit waits for another writer', () => {
  it.concurrent.for(['SIGTERM', 'SIGINT'] as const)('%s while a commit waits: the pages handed over are committed and counted exactly; the re-run completes', async (signal, { expect }) => {
    const { emu, all } = await ownEmulator();
    const db = newArchivePath();
    // slow pages (every answer 20 ms late) for the stopped run only; the re-run gets prompt ones
    emu.scriptFault({ delayMs: 20, times: Number.MAX_SAFE_INTEGER });
    const child = startCli(['events', 'sync', '--db', db], { env: emulatorEnv(emu) });
    const done = finished(child);
    await until(() => eventRequests(emu).length >= 4);
    // Another writer holds the archive: the sync's next commit waits for it (busy_timeout).
    const other = new Database(db);
    other.prepare('BEGIN IMMEDIATE').run();
    await new Promise((r) => setTimeout(r, 300));
    // Every page received by now is committed once the lock goes; only the request in flight may go unanswered.
    const sent = eventRequests(emu).length;
    child.kill(signal);
    await new Promise((r) => setTimeout(r, 300));
    other.prepare('ROLLBACK').run();
    other.close();

    const r = await done;
    expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
    expect(r.stdout).toBe('');
    const stop = /events sync stopped after ([\d,]+) pages?: ([\d,]+) events? read, ([\d,]+) new, all committed to /.exec(r.stderr);
    expect(stop, r.stderr).not.toBeNull();
    const [pages, read, added] = stop!.slice(1).map((v) => Number(v.replaceAll(',', ''))) as [number, number, number];
    const kept = archiveRows(db);
    // exactly what the message says: a fresh archive, every event new, 100 per page
    expect(kept.length).toBe(added);
    expect(read).toBe(added);
    expect(pages).toBe(Math.ceil(added / 100));
    // the pages received before the stop were committed, not dropped
    expect(pages).toBeGreaterThanOrEqual(sent - 1);
    expect(kept.map((e) => e.event_id)).toEqual(all.slice(0, added).map((e) => e.event_id));
    expect(syncState(db)[0]).toMatchObject({ last_run_read: read, last_run_new: added });

    emu.clearRequests();
    emu.clearFaults();
    const again = await sync(emu, db, ['--json']); // in-process: only the stopped run needs a process
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ new: EVENTS - added, archive_total: EVENTS });
    // it continued after the last committed page, then read its last day (today) again, for what
    // arrived after its first page
    const today = all.filter((e) => day(Date.parse(e.timestamp)) === day(Date.now())).length;
    expect(eventRequests(emu).length).toBe(Math.ceil((EVENTS - added) / 100) + Math.max(1, Math.ceil(today / 100)));
    expect(archiveRows(db).map((e) => e.event_id)).toEqual(all.map((e) => e.event_id));
  });
});

// The built CLI commits the pages of `events sync` in the archive worker
// (src/archive/sync-worker.ts) while its main thread reads the next ones. A
// stop while the worker still holds pages must keep the promise of a plain
// run: the pages handed over are committed before the process exits, the
// stop message counts exactly what the archive holds, and the next run
// continues after the last committed page.
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, runCli, startCli, tempDir } from '../helpers/cli.js';
import { archiveRows, eventRequests, newArchivePath, storedEvents, syncState, type Ev } from './support.js';

const EVENTS = 2500;
let emu: Emulator;
let all: Ev[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 31, events: EVENTS, latency: 20 });
  all = storedEvents(emu);
});
afterAll(async () => {
  await emu.close();
});

const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });

describe('events sync: pages held by the archive worker when the run stops', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s while a commit waits: the pages handed over are committed and counted exactly; the re-run completes', async (signal) => {
    const db = newArchivePath();
    emu.clearRequests();
    const child = startCli(['events', 'sync', '--db', db], { env: emulatorEnv(emu) });
    const done = finished(child);
    await until(() => eventRequests(emu).length >= 4);
    // Another writer holds the archive: the worker's next commit waits for it
    // (busy_timeout) while the main thread goes on reading and handing over pages.
    const other = new Database(db);
    other.prepare('BEGIN IMMEDIATE').run();
    await new Promise((r) => setTimeout(r, 300));
    // Every page received by now was handed over; only the request in flight may go unanswered.
    const sent = eventRequests(emu).length;
    child.kill(signal);
    await new Promise((r) => setTimeout(r, 300));
    other.prepare('ROLLBACK').run();
    other.close();

    const r = await done;
    expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
    expect(r.stdout).toBe('');
    const stop = /events sync stopped after (\d+) pages: (\d+) events read, (\d+) new, all committed to /.exec(r.stderr);
    expect(stop, r.stderr).not.toBeNull();
    const [pages, read, added] = stop!.slice(1).map(Number) as [number, number, number];
    const kept = archiveRows(db);
    // exactly what the message says: a fresh archive, every event new, 100 per page
    expect(kept.length).toBe(added);
    expect(read).toBe(added);
    expect(pages).toBe(Math.ceil(added / 100));
    // the pages handed over while the commit waited were committed, not dropped
    expect(pages).toBeGreaterThanOrEqual(sent - 1);
    expect(kept.map((e) => e.event_id)).toEqual(all.slice(0, added).map((e) => e.event_id));
    expect(syncState(db)[0]).toMatchObject({ last_run_read: read, last_run_new: added });

    emu.clearRequests();
    const again = await runCli(['events', 'sync', '--db', db, '--json'], { env: emulatorEnv(emu) });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ new: EVENTS - added, archive_total: EVENTS });
    // it continued after the last committed page
    expect(eventRequests(emu).length).toBe(Math.ceil((EVENTS - added) / 100));
    expect(archiveRows(db).map((e) => e.event_id)).toEqual(all.map((e) => e.event_id));
  });
});

describe('events sync: the main thread keeps its V8 tuning while the worker runs', () => {
  it("the young generation stays small (starting a worker resets V8's run-time flags; the sync sets them again)", async () => {
    const many = await startEmulator({ seed: 32, events: 20_000 });
    try {
      // A preload samples the main thread's new space; a doubling young generation made the
      // paging engine's heap check force a full collection every few pages (docs/performance.md).
      const dir = tempDir('mailctl-heap-');
      const preload = join(dir, 'new-space.cjs');
      const out = join(dir, 'max.txt');
      writeFileSync(
        preload,
        `const v8 = require('node:v8'); const { isMainThread } = require('node:worker_threads');
         if (isMainThread) {
           let max = 0;
           const sample = () => { for (const s of v8.getHeapSpaceStatistics()) if (s.space_name === 'new_space') max = Math.max(max, s.space_size); };
           setInterval(sample, 5).unref();
           process.on('exit', () => { sample(); require('node:fs').writeFileSync(${JSON.stringify(out)}, String(max)); });
         }`,
      );
      const r = await runCli(['events', 'sync', '--db', newArchivePath(), '--from', '10d'], { env: { ...emulatorEnv(many), NODE_OPTIONS: `--require ${preload}` } });
      expect(r.code, r.stderr).toBe(0);
      // 2 MB at start, 4 MB at most after; without the flags set again it doubled to 8 MB here (32 MB at 200,000)
      expect(Number(readFileSync(out, 'utf8'))).toBeLessThanOrEqual(4 * 1024 * 1024);
    } finally {
      await many.close();
    }
  });
});

// `events sync` into PostgreSQL under the worst an operator's machine and
// server do (issue 29): the process killed with -9 at random moments (between
// pages, inside a page's transaction), then run again: the archive holds
// exactly the events of a plain `events list --all` export, each once; the
// server restarted mid-sync: the sync fails with exit 7 and one error line,
// and the re-run completes. Spawned (bin/mailctl.js: run `npm run build`).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, startCli } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { startCluster } from '../helpers/pg-cluster.js';
import { freshDatabase, requirePostgres, type TestDatabase } from '../helpers/postgres.js';

const EVENTS = 2000;
let emu: Emulator;
const made: TestDatabase[] = [];

beforeAll(async () => {
  emu = await startEmulator({ seed: 92, events: EVENTS });
});
afterAll(async () => {
  await emu.close();
  for (const db of made) await db.drop().catch(() => undefined);
});

const eventPages = () => emu.requests.filter((q) => q.path === '/emails/events').length;

/**
 * Spawns the sync with every answer 30 ms late (slow pages: it lasts long enough to be killed
 * or cut off part-way); the runs after it (the re-run, the export) get prompt answers.
 */
function startSlowSync(args: string[]): { child: ReturnType<typeof startCli>; done: ReturnType<typeof finished> } {
  emu.clearRequests();
  emu.clearFaults();
  emu.scriptFault({ delayMs: 30, times: Number.MAX_SAFE_INTEGER });
  const child = startCli(args, { env: emulatorEnv(emu) });
  return { child, done: finished(child) };
}

/** What a plain export says the account holds over the synced window: each event's JSON, by id (the emulator's events never change here: made once). */
let exportedOnce: Promise<Map<string, unknown>> | undefined;
function exported(): Promise<Map<string, unknown>> {
  emu.clearFaults();
  exportedOnce ??= (async () => {
    const r = await runCliInProcess(['events', 'list', '--from', '30d', '--all', '--ndjson'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { event_id: string });
    return new Map(lines.map((e) => [e.event_id, e]));
  })();
  return exportedOnce;
}

/** The re-run, in-process, with prompt answers. */
function rerun(args: string[]) {
  emu.clearFaults();
  return runCliInProcess([...args, '--json'], { env: emulatorEnv(emu) });
}

async function archived(db: TestDatabase): Promise<Map<string, unknown>> {
  const rows = await db.query<{ event_id: string; raw: unknown }>('SELECT event_id, raw FROM events');
  const byId = new Map(rows.map((r) => [r.event_id, r.raw]));
  expect(byId.size, 'an event stored twice').toBe(rows.length);
  return byId;
}

/** A new database on the shared cluster, and the sync command line into it. */
async function syncInto(ctx: Parameters<typeof requirePostgres>[0], prefix: string): Promise<{ db: TestDatabase; args: string[] }> {
  const db = await freshDatabase(requirePostgres(ctx), prefix);
  made.push(db);
  return { db, args: ['events', 'sync', '--db', db.url, '--from', '30d'] };
}

describe('events sync into PostgreSQL, killed with -9 at random moments', () => {
  it('each re-run continues; in the end the archive holds exactly the export, each event once', async (ctx) => {
    const { db, args } = await syncInto(ctx, 'kill');
    const moments: number[] = [];
    for (let round = 0; round < 4; round++) {
      const { child, done } = startSlowSync(args);
      // after 1 to 8 pages were asked for, plus up to 40 ms: between pages, or inside a commit
      const pages = randomInt(1, 9);
      const extra = randomInt(0, 40);
      moments.push(pages * 100 + extra);
      while (eventPages() < pages && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, extra));
      child.kill('SIGKILL');
      const r = await done;
      expect([null, 0], `round ${round}: ${r.stderr}`).toContain(r.code);
    }
    const again = await rerun(args);
    expect(again.code, `moments ${moments.join(', ')}: ${again.stderr}`).toBe(0);
    const want = await exported();
    const have = await archived(db);
    expect([...have.keys()].sort()).toEqual([...want.keys()].sort());
    // every event as exported, in one comparison (one expect per event costs far more)
    expect([...want.keys()].map((id) => have.get(id))).toEqual([...want.values()]);
    expect(JSON.parse(again.stdout).archive_total).toBe(want.size);
  });
});

describe('events sync into PostgreSQL, interrupted', () => {
  it('Ctrl-C: exit 130 as an interruption (not a lost connection); the re-run completes', async (ctx) => {
    const { db, args } = await syncInto(ctx, 'sigint');
    const { child, done } = startSlowSync(args);
    while (eventPages() < 3 && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGINT');
    const r = await done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).not.toMatch(/lost the connection|PostgreSQL server/);
    const again = await rerun(args);
    expect(again.code, again.stderr).toBe(0);
    expect([...(await archived(db)).keys()].sort()).toEqual([...(await exported()).keys()].sort());
  });
});

describe('events sync while the PostgreSQL server restarts', () => {
  it('the sync fails with exit 7 and one error line; the re-run completes with every event once', async (ctx) => {
    requirePostgres(ctx);
    // a cluster of its own (a copy of the shared one's initdb output): restarting the shared one would cut off the other test files
    const cluster = await startCluster({ from: inject('pgPristine') });
    if (typeof cluster === 'string') throw new Error(cluster);
    try {
      const db = await freshDatabase(cluster.adminUrl, 'restart');
      const args = ['events', 'sync', '--db', db.url, '--from', '30d'];
      const { child, done } = startSlowSync(args);
      while (eventPages() < 4 && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
      cluster.restart();
      const r = await done;
      expect(r.code, r.stderr).toBe(7);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/PostgreSQL server 127\.0\.0\.1:\d+/);
      // exactly what is committed: pages held for a batch and lost with the server are not counted
      const stop = /events sync stopped after ([\d,]+) pages?: ([\d,]+) events? read, ([\d,]+) new/.exec(r.stderr);
      expect(stop, r.stderr).not.toBeNull();
      const [pages, read, added] = stop!.slice(1).map((v) => Number(v.replaceAll(',', ''))) as [number, number, number];
      const [state] = await db.query<{ last_run_requests: string }>('SELECT last_run_requests FROM sync_state');
      expect(Number(state?.last_run_requests ?? 0)).toBe(pages);
      expect((await archived(db)).size).toBe(added);
      expect(read).toBe(added);
      const again = await rerun(args);
      expect(again.code, again.stderr).toBe(0);
      const want = await exported();
      const have = await archived(db);
      expect([...have.keys()].sort()).toEqual([...want.keys()].sort());
    } finally {
      cluster.stop();
    }
  });
});

// Issue 31 (hostile conditions, round three), the archive's items: two teams in one archive (5),
// a gate judged on data the archive does not hold (6), a damaged archive (12, 22), someone
// else's SQLite file (13), a pre-made world-readable file (17), and bad --db paths (22).
import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/archive/schema.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, ndjson, tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { get } from '../helpers/emulator.js';
import { archiveRows, eventRequests, newArchivePath, storedEvents, sync, syncState } from './support.js';

let emu: Emulator;
let teams: { main: number; other: number };
beforeAll(async () => {
  emu = await startEmulator({ seed: 31, events: 2500 });
  teams = {
    main: (await get(emu, '/auth/check')).body.data.team_id,
    other: (await get(emu, '/auth/check', { key: emu.keys.other_team })).body.data.team_id,
  };
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  emu.clearRequests();
  emu.clearFaults();
});

const oneErrorLine = (stderr: string) => {
  expect(stderr.match(/^error: /gm), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/unexpected failure|^\s+at /m);
};

/** Overwrites a leaf page of the events table in the middle of the file, as a disk fault would. */
function damageMiddlePage(path: string): void {
  const db = new Database(path, { readonly: true });
  const size = db.pragma('page_size', { simple: true }) as number;
  const leaves = db.prepare("SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY pageno").pluck().all() as number[];
  db.close();
  const page = leaves[Math.floor(leaves.length / 2)]!;
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(size, 0x5a), 0, size, (page - 1) * size);
  closeSync(fd);
}

describe('item 5: one archive, one team', () => {
  // another team's key refused, the same team's other key accepted: test/archive/sync-stores.test.ts (both stores)
  it('an archive of the previous schema (no team) records the team at its next sync, then refuses the other team', async () => {
    const db = newArchivePath();
    mkdirSync(dirname(db), { recursive: true });
    const old = new Database(db);
    migrate(old, 3);
    const some = storedEvents(emu).slice(0, 50);
    const insert = old.prepare('INSERT INTO events (event_id, type, timestamp, timestamp_ms, rcpt_to, raw) VALUES (?, ?, ?, ?, ?, ?)');
    // one transaction: a commit per row waits for the disk each time (the rows are the same)
    old.transaction(() => {
      for (const e of some) insert.run(e.event_id, e.type, e.timestamp, Date.parse(e.timestamp), e.rcpt_to, JSON.stringify(e));
    })();
    old.close();
    expect((await sync(emu, db, ['--from', '3d'])).code).toBe(0);
    const raw = new Database(db, { readonly: true });
    expect(raw.prepare("SELECT value FROM archive_info WHERE name = 'team_id'").pluck().get()).toBe(String(teams.main));
    raw.close();
    const r = await runCliInProcess(['events', 'sync', '--db', db], { env: emulatorEnv(emu, 'other_team') });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`team ${teams.other}`);
  });

  it("doctor --db with another team's key: the archive row fails naming both teams (docs/doctor.md: it belongs to this team)", async () => {
    const db = newArchivePath();
    expect((await sync(emu, db, ['--from', '1d'])).code).toBe(0);
    emu.clearRequests();
    const r = await runCliInProcess(['doctor', '--db', db, '--json'], { env: emulatorEnv(emu, 'other_team') });
    expect(r.code, r.stderr).toBe(8);
    const row = (JSON.parse(r.stdout).checks as Array<{ name: string; status: string; detail: string; fix?: string }>).find((c) => c.name === 'archive');
    expect(row).toMatchObject({ status: 'fail' });
    expect(row!.detail).toContain(`team ${teams.main}`);
    expect(row!.detail).toContain(`team ${teams.other}`);
    expect(row!.fix).toMatch(/events sync|--profile/);
    expect(r.stdout).not.toContain(emu.keys.other_team);
    // the team comes from doctor's own GET /auth/check: no request is added for the archive
    expect(emu.requests.filter((q) => q.path === '/auth/check')).toHaveLength(1);
    expect(emu.requests.filter((q) => q.path === '/emails/events')).toHaveLength(0);
  });
});

describe('item 6: a gate never passes on data the archive does not hold', () => {
  it('an archive synced with --events bounce,spam_complaint: report --db --fail-on critical exits 2 naming injection and delivery', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db, ['--events', 'bounce,spam_complaint', '--from', '30d'])).code).toBe(0);
    const gate = await runCliInProcess(['report', '--db', db, '--fail-on', 'critical', '--json']);
    expect(gate.code, gate.stderr).toBe(2);
    oneErrorLine(gate.stderr);
    expect(gate.stderr).toMatch(/bounce rate \(no injection(, out_of_band)? events/);
    expect(gate.stderr).toMatch(/complaint rate \(no delivery events/);
    expect(gate.stdout).toBe('');
    // without a gate the report is printed, and stderr says what it cannot compute
    const plain = await runCliInProcess(['report', '--db', db, '--json']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toMatch(/cannot compute the bounce rate \(no injection/);
    expect(JSON.parse(plain.stdout).source.kind).toBe('archive');
  });

  it('a window that starts before the first synced day cannot be judged; one inside it can', async () => {
    const db = newArchivePath();
    expect((await sync(emu, db, ['--from', '3d'])).code).toBe(0);
    const wide = await runCliInProcess(['report', '--db', db, '--from', '30d', '--fail-on', 'critical']);
    expect(wide.code, wide.stderr).toBe(2);
    expect(wide.stderr).toMatch(/no injection, bounce, out_of_band events: the archive holds them for .* not the whole window/);
    const inside = await runCliInProcess(['report', '--db', db, '--from', '2d', '--fail-on', 'critical', '--json']);
    expect([0, 8], inside.stderr).toContain(inside.code);
    expect(inside.stderr).not.toMatch(/cannot compute/);
  });
});

describe('items 12 and 22: a damaged archive is reported as damaged, with how to recover', () => {
  let db: string;
  beforeAll(async () => {
    db = newArchivePath();
    expect((await sync(emu, db)).code).toBe(0);
    damageMiddlePage(db);
  });

  it('events sync into it exits 1 naming the damage and the recovery, instead of 0', async () => {
    const r = await sync(emu, db);
    expect(r.code, r.stderr).toBe(1);
    oneErrorLine(r.stderr);
    expect(r.stderr).toMatch(/error: the event archive .* is damaged/);
    expect(r.stderr).toMatch(/hint: move it aside and sync again/);
  });

  it('events list --db --all stops part-way with one line saying so after the whole rows before it, exit 1', async () => {
    const r = await runCliInProcess(['events', 'list', '--db', db, '--all', '--from', '90d', '--ndjson']);
    expect(r.code, r.stderr).toBe(1);
    oneErrorLine(r.stderr);
    const rows = ndjson(r.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(r.stderr).toContain(`is damaged: database disk image is malformed (stopped after ${rows.length.toLocaleString('en-US')} rows)`);
  });

  it('doctor --db runs integrity_check: the archive row fails, naming the damage and the recovery (exit 8)', async () => {
    const r = await runCliInProcess(['doctor', '--db', db, '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(8);
    const row = (JSON.parse(r.stdout).checks as Array<{ name: string; status: string; detail: string; fix?: string }>).find((c) => c.name === 'archive');
    expect(row).toMatchObject({ status: 'fail' });
    expect(row!.detail).toMatch(/is damaged/);
    expect(row!.fix).toMatch(/move it aside and sync again/);
  });

  it('doctor --db on a sound archive: the archive row passes with its team, and no request is spent on it', async () => {
    const sound = newArchivePath();
    expect((await sync(emu, sound, ['--from', '1d'])).code).toBe(0);
    emu.clearRequests();
    const r = await runCliInProcess(['doctor', '--db', sound, '--json'], { env: emulatorEnv(emu) });
    const row = (JSON.parse(r.stdout).checks as Array<{ name: string; status: string; detail: string }>).find((c) => c.name === 'archive');
    expect(row, r.stderr).toMatchObject({ status: 'pass' });
    expect(row!.detail).toContain(`team ${teams.main}`);
    expect(row!.detail).toContain('integrity_check ok');
    expect(emu.requests.filter((q) => q.path === '/emails/events')).toHaveLength(0);
  });

  it('report --db says the archive is damaged (exit 1), not that it is not an archive', async () => {
    const r = await runCliInProcess(['report', '--db', db, '--from', '60d']);
    expect(r.code, r.stderr).toBe(1);
    oneErrorLine(r.stderr);
    expect(r.stderr).toMatch(/is damaged/);
    expect(r.stderr).not.toMatch(/not an events archive/);
  });
});

describe('item 13: only an empty file or a mailctl archive is written', () => {
  it("someone else's SQLite database: exit 2 naming its tables, nothing sent, its tables untouched", async () => {
    const path = join(tempDir('mailctl-foreign-'), 'shop.sqlite');
    const other = new Database(path);
    other.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO customers (email) VALUES ('a@example.com')");
    other.close();
    const r = await sync(emu, path);
    expect(r.code, r.stderr).toBe(2);
    oneErrorLine(r.stderr);
    expect(r.stderr).toMatch(/--db .*shop\.sqlite is an SQLite database that mailctl did not write \(its tables: customers\)/);
    expect(emu.requests).toHaveLength(0);
    const after = new Database(path, { readonly: true });
    expect(after.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all()).toEqual(['customers']);
    after.close();
  });

  it('an empty file becomes an archive', async () => {
    const path = join(tempDir('mailctl-empty-'), 'events.sqlite');
    writeFileSync(path, '');
    const r = await sync(emu, path, ['--from', '1d']);
    expect(r.code, r.stderr).toBe(0);
  });
});

describe('item 17: the archive file is 0600 however it was created', () => {
  it.skipIf(process.platform === 'win32')('a file made beforehand with mode 0666 is 0600 after events sync', async () => {
    const path = join(tempDir('mailctl-mode-'), 'events.sqlite');
    writeFileSync(path, '');
    chmodSync(path, 0o666);
    expect((await sync(emu, path, ['--from', '1d'])).code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe('item 22: a --db path that cannot hold an archive', () => {
  it('a --db whose parent is a file: exit 2, one line naming the file in the way, nothing sent', async () => {
    const file = join(tempDir('mailctl-parent-'), 'notes.txt');
    writeFileSync(file, 'not a folder');
    const r = await sync(emu, join(file, 'events.sqlite'));
    expect(r.code, r.stderr).toBe(2);
    oneErrorLine(r.stderr);
    expect(r.stderr).toContain(`${file} is a file, not a folder`);
    expect(eventRequests(emu)).toHaveLength(0);
    expect(emu.requests).toHaveLength(0);
  });
});

// The archive file itself: where it lives, how it is opened, and that a later
// mailctl opens (and upgrades) an archive an earlier schema version wrote.
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultArchivePath, openArchive } from '../../src/archive/open.js';
import { migrate, SCHEMA_VERSION } from '../../src/archive/schema.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { UsageError } from '../../src/errors.js';
import { runCliInProcess } from '../helpers/context.js';
import { archiveColumn, newArchivePath, storedEvents, sync } from './support.js';

describe('defaultArchivePath', () => {
  it('$MAILCTL_DB first, then XDG_DATA_HOME, then ~/.local/share, one file per profile', () => {
    expect(defaultArchivePath({ MAILCTL_DB: '/x/a.db', XDG_DATA_HOME: '/d' }, 'p', 'linux')).toBe('/x/a.db');
    expect(defaultArchivePath({ XDG_DATA_HOME: '/d', HOME: '/h' }, 'work', 'linux')).toBe('/d/mailctl/work/events.sqlite');
    expect(defaultArchivePath({ HOME: '/h' }, 'default', 'linux')).toBe('/h/.local/share/mailctl/default/events.sqlite');
    expect(defaultArchivePath({ HOME: '/h' }, 'default', 'darwin')).toBe('/h/Library/Application Support/mailctl/default/events.sqlite');
  });
});

describe('openArchive', () => {
  it('read-only on a missing file: a usage error naming `mailctl events sync`, and no file created', () => {
    const path = newArchivePath();
    expect(() => openArchive(path, { readonly: true })).toThrow(UsageError);
    expect(() => openArchive(path, { readonly: true })).toThrow(/no event archive/);
    try {
      openArchive(path, { readonly: true });
    } catch (error) {
      expect((error as UsageError).hint).toContain('mailctl events sync');
    }
    expect(existsSync(path)).toBe(false);
  });

  it('writable: creates the file 0600 in WAL mode at the current schema version', () => {
    const path = newArchivePath();
    const db = openArchive(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('an archive of a newer schema is refused, not damaged', () => {
    const path = newArchivePath();
    const raw = new Database(path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openArchive(path)).toThrow(/newer than this mailctl knows/);
  });

  it('a file that is not an SQLite database: a clear error', async () => {
    const path = newArchivePath();
    (await import('node:fs')).mkdirSync((await import('node:path')).dirname(path), { recursive: true });
    (await import('node:fs')).writeFileSync(path, 'hello, not a database at all '.repeat(200));
    expect(() => openArchive(path)).toThrow(/event archive/);
  });
});

describe('an archive written by an earlier schema version', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 5, events: 1500 });
  });
  afterAll(async () => {
    await emu.close();
  });

  // 1: the events table only; 2: and the sync state; both keyed by the table's primary key
  it.each(Array.from({ length: SCHEMA_VERSION - 1 }, (_, i) => i + 1))('version %i opens: events list --db reads it, and events sync upgrades it and completes it', async (version) => {
    const path = newArchivePath();
    // holding part of the events, as an older mailctl left it
    (await import('node:fs')).mkdirSync((await import('node:path')).dirname(path), { recursive: true });
    const old = new Database(path);
    migrate(old, version);
    const all = storedEvents(emu);
    const insert = old.prepare('INSERT INTO events (event_id, type, timestamp, timestamp_ms, rcpt_to, raw) VALUES (?, ?, ?, ?, ?, ?)');
    // one transaction: a commit per row waits for the disk each time (the rows are the same)
    old.transaction(() => {
      for (const e of all.slice(0, 100)) insert.run(e.event_id, e.type, e.timestamp, Date.parse(e.timestamp), e.rcpt_to, JSON.stringify(e));
    })();
    old.close();

    const listed = await runCliInProcess(['events', 'list', '--all', '--ndjson', '--db', path]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim().split('\n').map((l) => JSON.parse(l).event_id)).toEqual(all.slice(0, 100).map((e) => e.event_id));

    const r = await sync(emu, path, ['--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ new: all.length - 100, already_present: 100, archive_total: all.length });
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // and every index of the schema (a sync that added more than the archive held rebuilt them)
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL ORDER BY name").pluck().all()).toEqual([
      'events_event_id', 'events_rcpt_to', 'events_request_id', 'events_timestamp_ms', 'events_type',
    ]);
    db.close();
    expect(new Set(archiveColumn(path, 'event_id'))).toEqual(new Set(all.map((e) => e.event_id)));
  });
});

describe('migration 3: event_id unique through an index of its own', () => {
  it('keeps every row, its rowid (the order of events of the same millisecond) and refuses a second copy of an event', () => {
    const path = newArchivePath();
    openArchive(path).close();
    const v2 = new Database(path);
    // an archive of version 2, rebuilt by hand: the same rows, with gaps in their rowids
    v2.exec('DROP TABLE events; DROP TABLE sync_state; PRAGMA user_version = 0');
    migrate(v2, 2);
    const insert = v2.prepare('INSERT INTO events (rowid, event_id, type, timestamp, timestamp_ms, raw) VALUES (?, ?, ?, ?, ?, ?)');
    const rows = [7, 3, 12, 5].map((rowid, i) => [rowid, `e${i}`, 'delivery', '2026-11-20T10:00:00.000Z', Date.parse('2026-11-20T10:00:00.000Z'), `{"event_id":"e${i}"}`] as const);
    for (const row of rows) insert.run(...row);
    v2.close();

    openArchive(path).close();
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT rowid, event_id FROM events ORDER BY rowid').all()).toEqual(
      [...rows].sort((a, b) => a[0] - b[0]).map(([rowid, id]) => ({ rowid, event_id: id })),
    );
    expect(() => db.prepare("INSERT INTO events (event_id, type, timestamp, timestamp_ms, raw) VALUES ('e1', 'open', 't', 0, '{}')").run()).toThrow(/UNIQUE/);
    db.close();
  });
});

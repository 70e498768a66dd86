// Issue 31, items 14 and 22, run as a user without write access (a root test run drops to
// nobody, since root may write anywhere): a backup of an archive in a read-only folder reads,
// WAL mode or not, and a folder the archive cannot be created in is one line, exit 2.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, emulatorEnv, ndjson, tempDir } from '../helpers/cli.js';
import { archiveRows, newArchivePath, sync } from './support.js';

const asRoot = process.getuid?.() === 0;
const unprivileged = asRoot ? { uid: 65534, gid: 65534 } : {};

/** One code cache for this file's runs, writable by the user they run as: each run compiling the bundles again would be wasted. */
let codeCache: string | undefined;

/** The built CLI as a user who cannot write where root can. */
function runUnprivileged(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const home = tempDir('mailctl-ro-home-');
  chmodSync(home, 0o777);
  if (!codeCache) {
    codeCache = tempDir('mailctl-ro-cache-');
    chmodSync(codeCache, 0o777);
  }
  const child = spawn(process.execPath, [BIN, ...args], {
    ...unprivileged,
    env: { PATH: process.env.PATH ?? '', HOME: home, MAILCTL_CONFIG_DIR: home, MAILCTL_CACHE_DIR: codeCache, MAILCTL_NO_KEYCHAIN: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let emu: Emulator;
let archive: string;
beforeAll(async () => {
  emu = await startEmulator({ seed: 14, events: 1200 });
  archive = newArchivePath();
  expect((await sync(emu, archive)).code).toBe(0);
});
afterAll(async () => {
  await emu.close();
});

/** A copy of the archive, read-only, in a read-only folder; `wal`: the copy is in WAL mode. */
function readOnlyBackup(wal: boolean): { dir: string; file: string } {
  const dir = tempDir('mailctl-backup-');
  const file = join(dir, 'events.sqlite');
  copyFileSync(archive, file);
  if (wal) {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.close();
  }
  chmodSync(file, 0o444);
  chmodSync(dir, 0o555);
  return { dir, file };
}

describe('item 14: reading needs no write access', () => {
  it.each([
    ['as events sync leaves it', false],
    ['in WAL mode', true],
  ])('a read-only copy %s in a read-only folder: events list --db --all and report --db read it, writing nothing', async (_what, wal) => {
    const { dir, file } = readOnlyBackup(wal);
    const before = readdirSync(dir);
    const listed = await runUnprivileged(['events', 'list', '--db', file, '--all', '--from', '90d', '--ndjson']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((ndjson(listed.stdout) as Array<{ event_id: string }>).map((e) => e.event_id)).toEqual(archiveRows(archive).map((r) => r.event_id));
    const report = await runUnprivileged(['report', '--db', file, '--from', '30d', '--json']);
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout).source).toEqual({ kind: 'archive', db: file });
    expect(readdirSync(dir)).toEqual(before);
  });
});

describe("item 22: a folder the archive cannot be created in", () => {
  it('EACCES creating the folder of --db: exit 2, one line naming the folder, nothing sent', async () => {
    const locked = tempDir('mailctl-locked-');
    chmodSync(locked, 0o555);
    const path = join(locked, 'archives', 'events.sqlite');
    emu.clearRequests();
    const r = await runUnprivileged(['events', 'sync', '--db', path], emulatorEnv(emu));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.match(/^error: /gm)).toHaveLength(1);
    expect(r.stderr).not.toMatch(/unexpected failure|^\s+at /m);
    expect(r.stderr).toContain(`cannot create the archive's folder ${join(locked, 'archives')}: permission denied (EACCES)`);
    expect(emu.requests).toHaveLength(0);
  });
});


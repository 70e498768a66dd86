// Shared by the archive tests: the emulator's events as the API renders them,
// and the archive's rows read back with better-sqlite3 directly (not through
// mailctl's own query code, so a bug there cannot hide itself).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, finished, startCli, tempDir, type CliResult } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';

export type Ev = Record<string, unknown> & { event_id: string; type: string; timestamp: string };

/** Every event the emulator holds, newest first, as GET /emails/events renders it. */
export function storedEvents(emu: Emulator): Ev[] {
  const log = emu.store.teams.main.events;
  const out: Ev[] = [];
  for (let i = log.length - 1; i >= 0; i--) out.push(log.render(i) as Ev);
  return out;
}

export interface ArchiveRow extends Record<string, unknown> {
  event_id: string;
  raw: string;
}

export function archiveRows(path: string): ArchiveRow[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT * FROM events ORDER BY timestamp_ms DESC, rowid ASC').all() as ArchiveRow[];
  } finally {
    db.close();
  }
}

/** The event ids of archiveRows, in its order. */
export function archiveEventIds(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT event_id FROM events ORDER BY timestamp_ms DESC, rowid ASC').pluck().all() as string[];
  } finally {
    db.close();
  }
}

export function syncState(path: string): Record<string, unknown>[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT * FROM sync_state').all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

export const newArchivePath = () => join(tempDir('mailctl-archive-'), 'events.sqlite');

/** `mailctl events sync --db DB ...`, in-process (the signal tests spawn the binary themselves). */
export function sync(emu: Emulator, db: string, args: string[] = [], env: Record<string, string> = {}) {
  return runCliInProcess(['events', 'sync', '--db', db, ...args], { env: { ...emulatorEnv(emu), ...env } });
}

/** Requests the emulator received for the events listing. */
export const eventRequests = (emu: Emulator) => emu.requests.filter((r) => r.path === '/emails/events');

/** The UTC day of an instant. */
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Spawns `mailctl events sync --db DB ...args` and sends it `signal` while its
 * request for page `page` of the events waits for an answer the emulator holds
 * back (a scripted delay): every page before it has been answered, at any
 * machine speed, and the other pages need no latency. The held answer comes
 * when the emulator closes (or never reaches the stopped process).
 */
export async function syncStoppedAt(emu: Emulator, db: string, page: number, signal: NodeJS.Signals, args: string[] = []): Promise<CliResult> {
  emu.scriptFault({ method: 'GET', path: '/emails/events', skip: page - 1, delayMs: 600_000 });
  const child = startCli(['events', 'sync', '--db', db, ...args], { env: emulatorEnv(emu) });
  const done = finished(child);
  let timer: NodeJS.Timeout | undefined;
  // a run that ends before that page (a failure) is not waited for: the caller's checks then fail
  await Promise.race([done, new Promise<void>((resolve) => (timer = setInterval(() => eventRequests(emu).length >= page && resolve(), 2)))]);
  clearInterval(timer);
  child.kill(signal);
  const result = await done;
  emu.clearFaults();
  return result;
}

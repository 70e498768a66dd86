import type { Client } from 'pg';
import { CliError, ExitCode } from '../../errors.js';
import type { SyncKey } from '../sync-state.js';
import { LOCK_SPACE } from './schema.js';

// Two operators syncing the same team into one database: the sync of a
// position (base URL + stored types, one sync_state row) holds a
// session-level advisory lock for its whole run, so the second one waits for
// the first (or, with --no-wait, stops at once) instead of both reading and
// writing the same pages. The server releases the lock when the session ends,
// however it ends: a sync killed with -9 never leaves the archive locked.

/** The lock's second key: the position's identity, hashed by the server. */
const identity = (key: SyncKey) => `mailctl events sync ${key.baseUrl} ${key.eventTypes}`;

/** Who holds the lock, for the notice: the other session's client address and start. */
async function holder(client: Client, key: SyncKey): Promise<string> {
  try {
    const r = await client.query<{ addr: string | null; since: Date | null }>(
      `SELECT a.client_addr::text AS addr, a.xact_start AS since FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = hashtext($2)::oid AND l.granted AND l.pid <> pg_backend_pid() LIMIT 1`,
      [LOCK_SPACE, identity(key)],
    );
    const row = r.rows[0];
    return row?.addr ? ` (from ${row.addr})` : '';
  } catch {
    return '';
  }
}

/**
 * Takes the position's lock: at once when free; else waits with a notice, or
 * with `wait: false` refuses (exit 5, the conflict code) without writing anything.
 */
export async function lockSyncPosition(client: Client, key: SyncKey, opts: { wait: boolean; label: string; notice: (m: string) => void }): Promise<void> {
  const params = [LOCK_SPACE, identity(key)];
  const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', params);
  if (got.rows[0]!.ok) return;
  const who = await holder(client, key);
  if (!opts.wait) {
    throw new CliError(`another \`mailctl events sync\`${who} is writing the same sync position of ${opts.label}: --no-wait, nothing was synced`, ExitCode.Refused, {
      hint: 'run it again once the other sync ends, or leave out --no-wait to wait for it',
    });
  }
  opts.notice(`Another \`mailctl events sync\`${who} is writing ${opts.label}: waiting for it to end (Ctrl-C to stop).`);
  await client.query('SELECT pg_advisory_lock($1, hashtext($2))', params);
}

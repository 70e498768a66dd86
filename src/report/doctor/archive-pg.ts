import type { PgTarget } from '../../archive/location.js';
import type { Context } from '../../context.js';
import { relativeTime } from '../../output/cells.js';
import { pgConnectOptions } from '../../archive/db-flag.js';
import { commandLine } from '../../output/command-line.js';
import { fail, otherTeamArchive, pass, warn, type Check } from './check.js';
import { MS_PER_DAY } from '../../time-units.js';

// `doctor --db postgres://…`: the team archive's row. Reachable (and how
// fast), its schema version, its events and day partitions, the newest event,
// and how far it lags behind the service: the start of its last complete sync,
// up to which it holds every event. No API request is spent on it (doctor
// keeps to its four); the service's events after that instant are what a sync
// would add.

/** A report over "now" stops trusting an archive whose last complete sync is older (report/archive.ts, STALE_AFTER_MS). */
const STALE_AFTER_MS = MS_PER_DAY;

export async function pgArchiveCheck(ctx: Context, target: PgTarget, keyTeam?: number): Promise<Check> {
  const sync = commandLine(['events', 'sync'], ['--db', target.display]);
  const { connectPg, pgFailure } = await import('../../archive/pg/connect.js');
  const { checkReadable } = await import('../../archive/pg/schema.js');
  const { pgArchiveFacts } = await import('../../archive/pg/facts.js');
  const started = performance.now();
  let client;
  try {
    client = await connectPg(target, pgConnectOptions(ctx, 'mailctl doctor'));
  } catch (error) {
    const e = pgFailure(error, target) as Error & { hint?: string };
    return fail('archive', `${target.display}: ${e.message}`, e.hint ?? `check the server, the URL and the password (PGPASSWORD, ~/.pgpass)`);
  }
  const reach = `reachable (${Math.round(performance.now() - started)} ms)`;
  try {
    if (!(await checkReadable(client, target.display))) return fail('archive', `${target.display}: ${reach}, but it holds no archive yet`, sync);
    const f = await pgArchiveFacts(client);
    const now = ctx.now();
    const count = `${f.estimated ? 'about ' : ''}${f.events.toLocaleString('en-US')} events in ${f.partitions} day partition${f.partitions === 1 ? '' : 's'}`;
    const newest = f.newest === null ? 'no event yet' : `newest event ${f.newest} (${relativeTime(f.newest, now)})`;
    const lag = f.syncedUntil === null ? 'no complete sync yet' : `complete up to ${f.syncedUntil} (last complete sync, ${relativeTime(f.syncedUntil, now)})`;
    const team = f.team === null ? 'no team recorded yet' : `team ${f.team}`;
    const detail = `${target.display}: ${reach}, schema version ${f.version}, ${count}, ${newest}, ${lag}, ${team}`;
    const otherTeam = otherTeamArchive(detail, f.team, keyTeam);
    if (otherTeam) return otherTeam;
    if (f.syncedUntil === null || now - Date.parse(f.syncedUntil) > STALE_AFTER_MS) {
      return warn('archive', `${detail}: it lags the service by more than a day, so a report --db over recent days lacks events`, sync);
    }
    return pass('archive', detail);
  } catch (error) {
    const e = pgFailure(error, target) as Error & { hint?: string };
    return fail('archive', `${target.display}: ${e.message}`, e.hint ?? sync);
  } finally {
    await client.end().catch(() => undefined);
  }
}

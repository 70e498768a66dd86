import { statSync } from 'node:fs';
import type { Context } from '../../context.js';
import type { ArchiveLocation } from '../../archive/location.js';
import { archiveLocationOf, type DbFlag } from '../../archive/db-flag.js';
import { pgArchiveCheck } from './archive-pg.js';
import { commandLine } from '../../output/command-line.js';
import { fail, otherTeamArchive, pass, warn, type Check } from './check.js';

// `doctor --db [PATH]`: the local archive of `events sync`, read-only: that it
// opens as an archive, whose team it holds, and that SQLite finds every page and
// index entry sound (PRAGMA integrity_check: the whole file read once, each index
// compared with its table; docs/archive.md has its cost). No request is sent.
// A PostgreSQL archive (--db postgres://…) has a row of its own: archive-pg.ts.

export async function archiveCheck(ctx: Context, flag: DbFlag, keyTeam?: number): Promise<Check> {
  let loc: ArchiveLocation;
  try {
    loc = await archiveLocationOf(ctx, flag);
  } catch (error) {
    return fail('archive', (error as Error).message, 'mailctl config list');
  }
  if (loc.kind === 'postgres') return pgArchiveCheck(ctx, loc.target, keyTeam);
  const path = loc.path;
  const sync = commandLine(['events', 'sync'], ['--db', path]);
  const { openArchive } = await import('../../archive/open.js');
  const { checkArchive, damagedArchive } = await import('../../archive/damage.js');
  const { archiveTeam } = await import('../../archive/identity.js');
  let db;
  try {
    db = openArchive(path, { readonly: true });
  } catch (error) {
    const e = error as Error & { hint?: string };
    return fail('archive', e.message, e.hint ?? sync);
  }
  try {
    const problems = checkArchive(db, 'full');
    if (problems.length > 0) {
      const damaged = damagedArchive(path, problems.join('; '));
      return fail('archive', damaged.message, damaged.hint!);
    }
    const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
    const team = archiveTeam(db);
    const detail = `${path}: ${events.toLocaleString('en-US')} events, ${team === null ? 'no team recorded yet (the next sync records it)' : `team ${team}`}, integrity_check ok`;
    const otherTeam = otherTeamArchive(detail, team, keyTeam);
    if (otherTeam) return otherTeam;
    const mode = process.platform === 'win32' ? 0 : statSync(path).mode & 0o777;
    if (mode & 0o077) return warn('archive', `${detail}; the file is 0${mode.toString(8)}: other users can read its recipient addresses`, `chmod 600 '${path}'`);
    return pass('archive', detail);
  } catch (error) {
    const { archiveFailure } = await import('../../archive/damage.js');
    const e = archiveFailure(error, path) as Error & { hint?: string };
    return fail('archive', e.message, e.hint ?? sync);
  } finally {
    db.close();
  }
}

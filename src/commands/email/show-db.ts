import { DEFAULT_WINDOW_DAYS, type EmailDetail, type EmailEvent } from '../../api/emails.js';
import { emailDetailOf } from '../../archive/email-detail.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { openArchiveReader, type DbFlag } from '../../archive/db-flag.js';
import { MS_PER_DAY } from '../../time-units.js';

const utcDayStart = (ms: number) => Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;

/** What `email show --db` reads: one request id in a window of days. */
export interface ArchiveLookup {
  requestId: string;
  from?: string;
  to?: string;
  db: DbFlag;
}

// `email show ID --db [PATH]`: the email detail rebuilt from the archived events of that
// request id (src/archive/email-detail.ts).

/** The detail of spec 2.3 from the archive, events newest first as the API lists them; found by its events in the window, as the API finds it (404 when none lies in it). */
export async function emailFromArchive(opts: ArchiveLookup, ctx: Context): Promise<EmailDetail> {
  const { archiveWindow } = await import('../../archive/window.js');
  const asked = archiveWindow({ from: opts.from, to: opts.to }, ctx.now(), DEFAULT_WINDOW_DAYS, ctx.globals.utc);
  // the covering UTC days, as the API is asked (show.ts): the detail's events are the email's, not a window's
  const window = { fromMs: utcDayStart(asked.fromMs), toMs: utcDayStart(asked.toMs) + MS_PER_DAY - 1 };
  const archive = await openArchiveReader(ctx, opts.db, 'email show');
  try {
    const all = await archive.requestEventTypes(opts.requestId);
    const events: EmailEvent[] = [];
    if (all.length > 0) for await (const batch of archive.eventBatches({ window, transmission: opts.requestId })) events.push(...batch);
    if (events.length === 0) {
      const outside = all.length === 0 ? '' : ` between ${new Date(window.fromMs).toISOString()} and ${new Date(window.toMs).toISOString()} (its events lie outside: widen --from/--to)`;
      throw new CliError(`email ${opts.requestId} is not in the archive ${archive.label}${outside}`, ExitCode.NotFound, {
        hint: 'run `mailctl events sync` to bring the archive up to date, or leave out --db to ask the API',
      });
    }
    return emailDetailOf(opts.requestId, all, events);
  } catch (error) {
    throw archive.failure(error);
  } finally {
    await archive.close();
  }
}

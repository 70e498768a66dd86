import { DEFAULT_WINDOW_DAYS } from '../../api/emails.js';
import type { Context } from '../../context.js';
import type { ListSpec } from '../../output/types.js';
import { openArchiveReader, type DbFlag } from '../../archive/db-flag.js';
import { runListing } from '../listing.js';
import { eventListSpec } from './columns.js';

// `events list --db [PATH|URL]`: the same filters, formats and --all/--limit,
// answered from the archive that `events sync` writes (an SQLite file or a
// PostgreSQL database). No key, no API: nothing here touches ctx.api().

/** Without --all or --limit, one API page's worth: the API's default page size. */
const ONE_PAGE = 25;

/** Archive batches in the listing runner's page shape; `read.rows` counts the rows handed over. */
async function* pagesOf<T>(batches: AsyncIterable<T[]>, read: { rows: number }): AsyncGenerator<{ items: T[] }> {
  for await (const items of batches) {
    read.rows += items.length;
    yield { items };
  }
}

/** The filters of `events list` that the archive answers. */
export interface ArchiveListing {
  db: DbFlag;
  events?: string[];
  recipients?: string[];
  from?: string;
  to?: string;
  transmission?: string;
  bounceClasses?: number[];
  all: boolean;
  limit?: number;
}

export async function runFromArchive(opts: ArchiveListing, ctx: Context): Promise<void> {
  const out = ctx.output(eventListSpec);
  const { archiveWindow } = await import('../../archive/window.js');
  const window = archiveWindow({ from: opts.from, to: opts.to }, ctx.now(), DEFAULT_WINDOW_DAYS, ctx.globals.utc);
  const archive = await openArchiveReader(ctx, opts.db, 'events list');
  const path = archive.label;
  const paging = opts.all || opts.limit !== undefined;
  const limit = opts.all ? opts.limit : (opts.limit ?? ONE_PAGE);
  const filter = {
    window,
    types: opts.events,
    recipients: opts.recipients,
    transmission: opts.transmission,
    bounceClasses: opts.bounceClasses,
    limit,
  };
  const read = { rows: 0 };
  try {
    let shown = 0;
    try {
      // The archive keeps each event as the compact JSON the API sent: NDJSON without
      // --fields writes those lines as they are (rowsAreJson), through the same listing.
      const raw = out.format === 'ndjson' && !out.fields;
      const pages = raw ? pagesOf<unknown>(archive.rawEventBatches(filter), read) : pagesOf<unknown>(archive.eventBatches(filter), read);
      const spec = eventListSpec as ListSpec<unknown>;
      shown = (await runListing(ctx, { spec, pages, streamTable: paging, rowsAreJson: raw })).count;
    } catch (error) {
      // A damaged page part-way through an export: say so, and how many rows came before it.
      throw archive.failure(error, read.rows);
    }
    const span = `between ${new Date(window.fromMs).toISOString()} and ${new Date(window.toMs).toISOString()}`;
    if (shown === 0) {
      ctx.notice(`No events ${span} match in the archive ${path}.`);
    } else if (limit !== undefined && shown === limit) {
      const total = await archive.countEvents({ ...filter, limit: undefined });
      if (total > shown) {
        ctx.notice(
          paging
            ? `Stopped at --limit ${limit} (${total} match in the archive).`
            : `Showed the newest ${shown} of ${total} archived events ${span} (add --all for every one, --limit N for the newest N).`,
        );
      }
    }
  } finally {
    await archive.close();
  }
}

import { DEFAULT_WINDOW_DAYS, type EmailEvent } from '../../api/emails.js';
import type { Context } from '../../context.js';
import { checkFields, selectColumns } from '../../output/fields.js';
import { createListWriter, type ListWriter } from '../../output/list.js';
import { openArchiveForReading } from '../archive-db.js';
import { eventListSpec } from './columns.js';
import type { ListOptions } from './list.js';
import { createStreamingTable } from './stream-table.js';

// `events list --db [PATH]`: the same filters, formats and --all/--limit,
// answered from the local archive that `events sync` writes. No key, no
// network: nothing here touches ctx.api().

/** Without --all or --limit, one API page's worth: the API's default page size. */
const ONE_PAGE = 25;
const STREAM_MIN_WIDTHS = { type: 20, rcpt_to: 28, subject: 24, mailbox_provider: 17, detail: 24 };

export async function runFromArchive(opts: ListOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, eventListSpec.columns, eventListSpec.fields);
  const { archiveWindow } = await import('../../archive/window.js');
  const { countEvents, eventBatches, rawEventBatches } = await import('../../archive/query.js');
  const window = archiveWindow({ from: opts.from, to: opts.to }, ctx.now(), DEFAULT_WINDOW_DAYS);
  const { db, path } = await openArchiveForReading(ctx, opts.db);
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
  const writer: ListWriter<EmailEvent> =
    out.format === 'table' && out.isTTY && paging
      ? createStreamingTable(out, selectColumns(out.fields, eventListSpec.columns), STREAM_MIN_WIDTHS)
      : createListWriter(out, eventListSpec);
  try {
    let shown = 0;
    if (out.format === 'ndjson' && !out.fields) {
      // The archive keeps each event as the compact JSON the API sent: an NDJSON
      // line already, so it is written without a parse and a re-serialisation.
      for (const batch of rawEventBatches(db, filter)) {
        await out.write(`${batch.join('\n')}\n`);
        shown += batch.length;
      }
    } else {
      for (const batch of eventBatches(db, filter)) await writer.write(batch);
      await writer.end();
      shown = writer.count;
    }
    const span = `between ${new Date(window.fromMs).toISOString()} and ${new Date(window.toMs).toISOString()}`;
    if (shown === 0) {
      ctx.notice(`No events ${span} match in the archive ${path}.`);
    } else if (limit !== undefined && shown === limit) {
      const total = countEvents(db, { ...filter, limit: undefined });
      if (total > shown) {
        ctx.notice(
          paging
            ? `Stopped at --limit ${limit} (${total} match in the archive).`
            : `Showed the newest ${shown} of ${total} archived events ${span} (add --all for every one, --limit N for the newest N).`,
        );
      }
    }
  } finally {
    await writer.end();
    db.close();
  }
}

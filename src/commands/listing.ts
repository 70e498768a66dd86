import type { Context } from '../context.js';
import { createListWriter } from '../output/list.js';
import type { ListSpec, OutputTarget } from '../output/types.js';
import { commandLine } from '../output/command-line.js';
import { globalArgs } from './command-line.js';
import { exportProgress } from './export-progress.js';
import { countOf } from '../counts.js';
import { ApiError, InterruptedError, NetworkError, TerminatedError } from '../errors.js';

// The one listing runner: every list command (events list, campaign list,
// campaign events, api --paginate, and later events sync, report and webhook
// listen) hands it its pages and its columns; it writes each page as it comes
// in the chosen format, closes the output even on an error or Ctrl-C, and
// tells the caller where it stopped so the next-page hint can be printed.

export interface ListingOptions<T, P extends { items: T[] }> {
  spec: ListSpec<T>;
  /**
   * The paging engine's generator (api/paginate.ts), already limited to what the user asked for;
   * or any other source of pages: `--follow`'s polls, an archive query, rows already in hand.
   */
  pages: AsyncIterable<P> | Iterable<P>;
  /** Print a terminal table as rows come (long listings) instead of waiting for the last page. */
  streamTable?: boolean;
  /** false: never through the pager (a listing that runs until Ctrl-C would wait behind it). */
  pager?: false;
  /** Indent JSON rows (`api` on a terminal). */
  prettyJson?: boolean;
  /** Rows that are already compact JSON text (output/list.ts): NDJSON writes them as they are. */
  rowsAreJson?: boolean;
  /** Where and how to write, when not the command's usual output (`api` always writes JSON). */
  target?: OutputTarget;
  /** Spinner text while a terminal table waits for its rows; updated after each page by `progress`. */
  spinner?: string;
  /** Called after each page is written, with the rows written so far (progress bars, spinners). */
  progress?: (page: P, count: number) => string | void;
  /** True to stop after this page (a one-page listing that skips empty filtered pages). */
  stopAfter?: (page: P) => boolean;
  /**
   * An export (--all, --limit): a live count on stderr (rows, pages, rows per
   * second, an ETA when `total` knows the row count) and a summary at the end.
   * `limit` (--limit N): the export ends there, so the ETA counts to it, not to every match.
   */
  exportOf?: { noun: string; total?: (page: P) => number | undefined; limit?: number };
  /**
   * The command that lists the rest when reading a page fails (or Ctrl-C stops it) after
   * `last` and `count` rows were written: cli.md, a failure half-way says what was done and
   * how to finish. Undefined when there is no position to continue from.
   */
  resume?: (last: P, count: number) => string | undefined;
}

export interface ListingResult<P> {
  /** The last page read, undefined when none was. */
  last?: P;
  /** Rows written. */
  count: number;
}

export async function runListing<T, P extends { items: T[] }>(ctx: Context, opts: ListingOptions<T, P>): Promise<ListingResult<P>> {
  const checked = ctx.output(opts.spec); // --fields against what this listing prints, before anything is sent
  const out = opts.target ?? checked;
  if (opts.pager !== false) await ctx.pageOutput();
  const writer = createListWriter(out, opts.spec, { streamTable: opts.streamTable, prettyJson: opts.prettyJson, rowsAreJson: opts.rowsAreJson });
  // A buffered TTY table shows nothing until the end, so a spinner can run meanwhile; streamed output would garble it.
  const buffered = out.format === 'table' && out.isTTY && !opts.streamTable;
  const spinner = buffered && opts.spinner ? await ctx.spinner(opts.spinner) : undefined;
  // a buffered terminal table has its spinner for that
  const live = opts.exportOf && !spinner ? await exportProgress(ctx, opts.exportOf.noun) : undefined;
  let last: P | undefined;
  let pages = 0;
  const source = Symbol.asyncIterator in opts.pages ? opts.pages[Symbol.asyncIterator]() : opts.pages[Symbol.iterator]();
  let ended = false;
  /** Whether stderr already says how far the listing got (with the command for the rest). */
  let told = false;
  let failed = false;
  try {
    for (;;) {
      let step: IteratorResult<P>;
      try {
        step = await source.next();
      } catch (error) {
        ended = true;
        // the page read failed, not the writing: the rows before it are out, the rest can follow
        const command = last && resumable(error) ? opts.resume?.(last, writer.count) : undefined;
        spinner?.stop();
        live?.clear();
        if (command) {
          told = true;
          ctx.warn(`stopped after ${countOf(pages, 'pages')} (${countOf(writer.count, 'rows')} written). The rest:\n  ${command}`);
        }
        throw error;
      }
      if (step.done) {
        ended = true;
        break;
      }
      const page = step.value;
      last = page;
      pages++;
      live?.clear(); // the count lives on the terminal's last line: rows go above it
      await writer.write(page.items);
      live?.update(writer.count, pages, exportTotal(opts.exportOf, page));
      const text = opts.progress?.(page, writer.count);
      if (text) spinner?.update(text);
      if (opts.stopAfter?.(page)) break;
    }
  } catch (error) {
    failed = true;
    if (ctx.signal.aborted && !told) live?.stopped(writer.count, pages);
    throw error;
  } finally {
    // as for-await does: a source left early (stopAfter, a write error) runs its own cleanup
    if (!ended) await source.return?.();
    spinner?.stop();
    live?.clear();
    // failed before its first page: nothing, not `[]` or a bare CSV header (an empty result to a pipeline)
    if (!(failed && last === undefined)) await writer.end();
  }
  live?.summary(writer.count, pages);
  return { last, count: writer.count };
}

/**
 * A failure that the same request may get past later: the network, the service's 5xx and 429s,
 * Ctrl-C and SIGTERM. Not a server that loops its pages, an answer mailctl cannot read, or a
 * key refused: continuing from the same position would meet the same failure.
 */
function resumable(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof InterruptedError || error instanceof TerminatedError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

/** Rows the export will write: the matches, or --limit when fewer. */
function exportTotal<P>(of: { total?: (page: P) => number | undefined; limit?: number } | undefined, page: P): number | undefined {
  const total = of?.total?.(page);
  return total !== undefined && of?.limit !== undefined ? Math.min(total, of.limit) : total;
}

/**
 * The next-page command of a listing: its own flags, where the next page
 * starts (`--cursor C`, `--page N`), then the global flags the user gave
 * (--profile and --base-url always, so it reads the same account in the same
 * format). Alone on its line, so it can be copied whole.
 */
export function nextPageCommand(ctx: Context, words: string[], args: string[], next: string[]): string {
  return commandLine(words, [...args, ...next, ...globalArgs(ctx.globals)]);
}

/**
 * The one style of next-page hint, on stderr: what was shown, the exact
 * command for the next page, and how to get everything.
 */
export function nextPageHint(ctx: Context, shown: string, words: string[], args: string[], next: string[]): void {
  ctx.notice(`${shown}. Next page:\n  ${nextPageCommand(ctx, words, args, next)}\n(or add --all for every page, --limit N for the first N)`);
}

import type { Context } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { createListWriter } from '../output/list.js';
import { writeWholeFile, type WholeFileError } from '../output/whole-file.js';
import type { ReportRow } from './aggregate.js';
import { reportColumns, REPORT_ROW_FIELDS } from './columns.js';
import { signedPoints, type ReportDocument } from './document.js';
import { SIGNALS } from './thresholds.js';

// Where the report goes: --html to its file, then stdout in the chosen
// format. json is the whole document (totals, verdicts, thresholds, rows);
// csv, ndjson and pipes carry the rows; a terminal gets totals, charts and table.

export async function writeReport(doc: ReportDocument, ctx: Context, htmlFile?: string): Promise<void> {
  const out = ctx.output();
  if (htmlFile !== undefined) {
    const { renderHtml } = await import('./html.js');
    try {
      // The file is attached to tickets as stdout's data is pasted: a secret of the run that the
      // service echoed in a domain or provider name is masked in it as on stdout.
      const html = renderHtml(doc, new Date(ctx.now()).toISOString());
      await writeWholeFile(htmlFile, out.scrub ? out.scrub(html) : html);
    } catch (error) {
      const { code, message } = error as WholeFileError;
      throw new CliError(`--html ${htmlFile}: cannot write the report (${code ?? message}); the file was left as it was`, ExitCode.Failure, {
        hint: 'nothing else was written: choose a writable path and run the report again',
      });
    }
    ctx.notice(`HTML report written to ${htmlFile}`);
  }
  if (doc.quiet_rows_omitted > 0) {
    ctx.notice(`the window has ${doc.quiet_rows_omitted.toLocaleString('en-US')} ${doc.by}s without events: only the ${doc.rows.length.toLocaleString('en-US')} with events are listed`);
  }
  if (doc.skipped > 0) ctx.notice(`${doc.skipped.toLocaleString('en-US')} events of the covering days fell outside the window and were not counted`);
  if (out.format === 'json') {
    await out.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  if (out.format === 'markdown') {
    const { renderReportMarkdown } = await import('./markdown.js');
    await out.write(renderReportMarkdown(doc, out));
    return;
  }
  if (out.format === 'table' && out.isTTY) {
    const { renderTerminal } = await import('./terminal.js');
    await out.write(renderTerminal(doc, out));
    return;
  }
  const writer = createListWriter<ReportRow>(out, { columns: reportColumns(doc.by, doc.compare !== undefined), fields: REPORT_ROW_FIELDS });
  await writer.write(doc.rows);
  await writer.end();
  // A pipe or CSV has rows only: the verdicts of the whole window go to stderr for the person watching.
  ctx.notice(
    `verdicts ${doc.window.from} to ${doc.window.to}: ` +
      Object.entries(doc.verdicts)
        .map(([s, v]) => `${s} ${v ?? 'no data'}${doc.judged.includes(s as never) ? '' : ' (not judged)'}`)
        .join(', '),
  );
  if (doc.compare) {
    ctx.notice(
      `changes against ${doc.compare.window.from} to ${doc.compare.window.to}: ` +
        SIGNALS.map((s) => `${s} ${signedPoints(doc.totals[`${s}_change`])} ${doc.totals[`${s}_trend`] ?? 'no data'}`).join(', '),
    );
  }
}

import type { Campaign } from '../../api/campaigns.js';
import { OPERATIONS } from '../../api/operations.js';
import { CAMPAIGN_FIELDS } from '../../api/vocabulary.js';
import { ownFiles } from '../../config/paths.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { nonEmpty } from '../../input/values.js';
import { withRequested, writeDetail, type DetailField, type DetailSection } from '../../output/detail.js';
import { checkRunFiles, writeWholeFile, type WholeFileError } from '../../output/whole-file.js';
import { command, flag } from '../define.js';
import { CAMPAIGN_RATES, CAMPAIGN_STATS, campaignRates } from '../../report/campaign-rates.js';
import { campaignIdArg, EXAMPLE_ID as ID } from './shared.js';

interface Options {
  id: string;
  html: boolean;
  htmlOut?: string;
}

/** Names of the detail lines beside the API's own fields: what --fields may also name. */
const SHOW_KEYS = [...CAMPAIGN_FIELDS, 'html_content', 'html_bytes', ...CAMPAIGN_STATS.map(([k]) => k), ...CAMPAIGN_RATES.map(([k]) => k)];

function htmlBytes(c: Campaign): number | null {
  return typeof c.html_content === 'string' ? Buffer.byteLength(c.html_content, 'utf8') : null;
}

function sections(c: Campaign, isTTY: boolean): DetailSection[] {
  const rates = campaignRates(c);
  const stats = c.stats ?? {};
  const bytes = htmlBytes(c);
  const f = (key: string, label: string, value: unknown, kind?: DetailField['kind']): DetailField => ({ key, label, value, kind });
  return [
    {
      fields: [
        f('id', 'ID', c.id),
        f('name', 'Name', c.name),
        f('status', 'Status', c.status, 'status'),
        f('subject', 'Subject', c.subject),
        f('from_name', 'From name', c.from_name),
        f('from_email', 'From email', c.from_email),
        f('reply_to', 'Reply-To', c.reply_to),
        f('created_at', 'Created', c.created_at, 'time'),
        f('scheduled_at', 'Scheduled', c.scheduled_at, 'time'),
        f('sent_at', 'Sent', c.sent_at, 'time'),
        f('total_recipients', 'Recipients', c.total_recipients, 'number'),
        f('sent_count', 'Sent count', c.sent_count, 'number'),
        // The HTML itself never goes to a terminal or pipe here: only its size, and how to get it.
        f('html_bytes', 'HTML', isTTY && bytes !== null ? `${bytes.toLocaleString('en-US')} bytes (--html to print, --html-out FILE to save)` : bytes),
      ],
    },
    { title: 'Stats', fields: CAMPAIGN_STATS.map(([k, label]) => f(k, label, stats[k], 'number')) },
    { title: 'Rates', fields: CAMPAIGN_RATES.map(([k, label]) => f(k, label, rates[k], 'percent')) },
  ];
}

function noHtml(c: Campaign): CliError {
  return new CliError(`campaign ${c.id} has no HTML content (status ${c.status})`, ExitCode.Failure);
}

async function run(opts: Options, ctx: Context): Promise<void> {
  const { getCampaign } = await import('../../api/campaigns.js');
  const out = ctx.output(opts.html ? undefined : { fields: SHOW_KEYS });
  await checkRunFiles({ inputs: [], outputs: [{ flag: '--html-out', path: opts.htmlOut }], own: ownFiles(ctx.io.env) });
  const api = await ctx.api();
  const c = await getCampaign(api, opts.id);

  if (opts.html) {
    if (typeof c.html_content !== 'string') throw noHtml(c);
    await out.write(c.html_content.endsWith('\n') ? c.html_content : `${c.html_content}\n`);
    return;
  }
  if (opts.htmlOut !== undefined) {
    if (typeof c.html_content !== 'string') throw noHtml(c);
    try {
      await writeWholeFile(opts.htmlOut, c.html_content);
    } catch (error) {
      const { message } = error as WholeFileError;
      throw new CliError(`cannot write ${opts.htmlOut}: ${message}; the file was left as it was`, ExitCode.Failure, { cause: error });
    }
    ctx.notice(`wrote the HTML (${htmlBytes(c)} bytes) to ${opts.htmlOut}`);
  }
  const secs = sections(c, out.isTTY);
  const computed = Object.fromEntries(secs.flatMap((s) => (s.fields ?? []).map((d) => [d.key, d.value])));
  await ctx.pageOutput(); // a long timeline or body pages like a listing
  await writeDetail(out, withRequested(c, out.fields, computed), secs);
}

export default command({
  name: 'show',
  summary: 'show every field of a campaign, its stats and computed rates (the HTML only with --html/--html-out)',
  args: { campaignId: campaignIdArg },
  flags: {
    html: flag.boolean("print only the campaign's rendered HTML to stdout"),
    htmlOut: flag.string('also write the rendered HTML to this file (overwritten)', { value: 'file', parse: nonEmpty }),
  },
  examples: [`mailctl campaign show ${ID}`, `mailctl campaign show ${ID} --json | jq .stats`, `mailctl campaign show ${ID} --html > preview.html`],
  operation: OPERATIONS.showCampaign,
  check(o): Options {
    if (o.html && o.htmlOut !== undefined) {
      throw new UsageError('--html and --html-out cannot be used together', {
        hint: '--html prints the HTML alone to stdout; --html-out FILE writes it and prints the campaign',
      });
    }
    return { id: o.campaignId, html: o.html, htmlOut: o.htmlOut };
  },
  run,
});

import type { SendBody, SendResult } from '../../api/sending.js';
import { OPERATIONS } from '../../api/operations.js';
import { SEND_NAME_MAX, SEND_RESULT_FIELDS, SEND_SUBJECT_MAX } from '../../api/vocabulary.js';
import { isSandboxKey } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readAttachments } from '../../input/attachments.js';
import { text } from '../../input/values.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { projectFlag } from '../template/shared.js';
import { address, checkRecipients, header, headersOf, metadataOf, pair, scheduledAt, tag, templateSlug, varsOf } from '../../input/send-values.js';

// `email send` (service-api-rest.md 4.3; with --at, 4.5). Every rule of section 7 is checked
// before anything is sent; the send itself is never repeated after it may have been accepted
// (sending.ts), so a lost answer ends the run with exit 7 and the way to check.

const FLAGS = {
  to: flag.list('recipient (repeatable or comma list; 50 in all with --cc and --bcc)', { value: 'address', parse: address, item: 'address' }).required(),
  cc: flag.list('copy recipient (repeatable or comma list)', { value: 'address', parse: address, item: 'address' }),
  bcc: flag.list('blind copy recipient (repeatable or comma list)', { value: 'address', parse: address, item: 'address' }),
  from: flag.string('sender address, on an approved sending domain of the team', { value: 'address', parse: address }).required(),
  fromName: flag.string('sender display name (at most 255 characters)', { value: 'name', parse: text(SEND_NAME_MAX) }),
  replyTo: flag.string('reply-to address', { value: 'address', parse: address }),
  replyToName: flag.string('reply-to display name (at most 255 characters)', { value: 'name', parse: text(SEND_NAME_MAX) }),
  subject: flag.string('subject (at most 998 characters); required unless --template gives one', { value: 'text', parse: text(SEND_SUBJECT_MAX) }),
  tag: flag.string('tag of the email (letters, digits, - and _, at most 64); default: the template slug', { value: 'tag', parse: tag }),
  header: flag.repeated("custom header 'Name: value' (repeatable, at most 10; not From, To, Subject and the like)", { value: 'header', parse: header }),
  metadata: flag.repeated('metadata key=value carried into events and webhooks (repeatable, at most 50 keys)', { value: 'key=value', parse: pair }),
  trackOpens: flag.negated('do not track opens'),
  trackClicks: flag.negated('do not track clicks'),
  transactional: flag.toggle('send as transactional (the default the docs state)', 'send as non-transactional: the service adds List-Unsubscribe headers'),
  inlineCss: flag.toggle("inline the HTML's CSS", 'send the CSS as it is'),
  performSubstitutions: flag.toggle('fill in merge tags', 'send the body without filling in merge tags'),
  html: flag.string('HTML body from a file, or - for stdin', { value: 'file', values: 'files' }).readsText(),
  text: flag.string('plain-text body from a file, or - for stdin', { value: 'file', values: 'files' }).readsText(),
  ampHtml: flag.string('AMP HTML body from a file, or - for stdin (beside --html, --text or --template)', { value: 'file', values: 'files' }).readsText(),
  template: flag.string('the template is the body (its active version unless --template-version); its merge tags are checked first', { value: 'slug', parse: templateSlug }),
  templateVersion: flag.integer('send this version of --template', [1, Number.MAX_SAFE_INTEGER], 'n').defaultShown('the active one'),
  project: projectFlag,
  var: flag.repeated('merge tag value key=value for --template (repeatable)', { value: 'key=value', parse: pair }),
  attach: flag.repeated('attach a file (repeatable; 5 MB in all after base64 encoding)', { value: 'file', values: 'files' }),
  at: flag.string('send later: +30m, +2h, +1d or ISO 8601 (none means UTC), more than 5 minutes (+6m) to 3 days ahead', { value: 'time' }),
  dryRun: dryRunFlag,
};

/** The body fields read from a file (or stdin), and the flag that names it. */
const BODY_FILES = { html: '--html', text: '--text', amp_html: '--amp-html' } as const;
type BodyFile = keyof typeof BODY_FILES;

type Raw = { [K in keyof typeof FLAGS]: (typeof FLAGS)[K]['_type'] };

interface Options {
  body: Omit<SendBody, BodyFile | 'attachments' | 'scheduled_at'>;
  files: Partial<Record<BodyFile, string>>;
  attach: string[];
  vars: Record<string, string>;
  at?: string;
  dryRun: boolean;
}

function check(o: Raw): Options {
  const [to, cc, bcc] = [o.to, o.cc ?? [], o.bcc ?? []];
  checkRecipients(to, cc, bcc);
  if (o.html === undefined && o.text === undefined && o.template === undefined) throw new UsageError('no body: give --html FILE, --text FILE or --template SLUG');
  if (o.template !== undefined && o.html !== undefined) throw new UsageError('--html and --template cannot be used together: the template is the HTML body');
  if (o.template === undefined && o.subject === undefined) throw new UsageError('--subject: required (only --template can supply a subject)');
  const files = { html: o.html, text: o.text, amp_html: o.ampHtml };
  const stdin = (Object.keys(files) as BodyFile[]).filter((k) => files[k] === '-').map((k) => BODY_FILES[k]);
  if (stdin.length > 1) throw new UsageError(`${stdin.join(' and ')}: only one of them can read stdin (-)`);
  // These name a template or its values: without --template the service would ignore them.
  const orphans = Object.entries({ '--var': o.var?.length ? o.var : undefined, '--template-version': o.templateVersion, '--project': o.project }).filter(([, v]) => v !== undefined);
  if (orphans.length && o.template === undefined) throw new UsageError(`${orphans.map(([name]) => name).join(', ')}: ${orphans.length > 1 ? 'need' : 'needs'} --template`);
  // The service's documents disagree on the tracking defaults (REST spec 11, item 4: "send the
  // options explicitly"), so both are always sent: on unless --no-track-opens / --no-track-clicks.
  // The other options go only when given (undefined leaves them out of the JSON).
  const options = { open_tracking: o.trackOpens, click_tracking: o.trackClicks, transactional: o.transactional, inline_css: o.inlineCss, perform_substitutions: o.performSubstitutions };
  return {
    body: {
      from: o.from, from_name: o.fromName, to, cc: cc.length ? cc : undefined, bcc: bcc.length ? bcc : undefined, reply_to: o.replyTo, reply_to_name: o.replyToName,
      subject: o.subject, template_slug: o.template, template_version: o.templateVersion, project_id: o.project, tag: o.tag,
      metadata: metadataOf(o.metadata ?? []), headers: headersOf(o.header ?? []), options,
    },
    files, attach: o.attach ?? [], vars: varsOf(o.var ?? []), at: o.at, dryRun: o.dryRun,
  };
}

async function run(opts: Options, ctx: Context): Promise<void> {
  ctx.output({ fields: SEND_RESULT_FIELDS }); // a bad --fields before anything is read or sent (the merge tags are)
  const readText = (await import('../api/request.js')).readText;
  const body: SendBody = { ...opts.body };
  for (const [part, file] of Object.entries(opts.files) as [BodyFile, string | undefined][]) {
    if (file === undefined) continue;
    body[part] = await readText(ctx, file, BODY_FILES[part]);
    if (body[part]!.trim() === '') throw new UsageError(`${BODY_FILES[part]}: ${file === '-' ? 'stdin' : file} is empty`);
  }
  if (opts.vars && Object.keys(opts.vars).length) body.substitution_data = opts.vars;
  const files = await readAttachments(opts.attach, ctx.signal);
  if (files) body.attachments = files;
  if (opts.at !== undefined) body.scheduled_at = scheduledAt(opts.at, ctx.now());
  const key = ctx.settings().apiKey.value;
  if (key && isSandboxKey(key)) {
    ctx.warn("sandbox key: every recipient will be replaced by the key owner's address, and the sender's domain by dev.uselettr.com (spec 5.3)");
  }
  // The merge tags are read first: a send missing one is refused here, not half-rendered; none is filled in without substitutions.
  const substitutes = body.options?.perform_substitutions !== false;
  if (!substitutes && opts.vars && Object.keys(opts.vars).length) ctx.warn('--var: --no-perform-substitutions fills in no merge tag: those values are sent but unused');
  if (substitutes && body.template_slug !== undefined && (!opts.dryRun || key)) {
    const { checkMergeTags } = await import('../../api/sending.js');
    const unused = await checkMergeTags(await ctx.api(), { ...body, template_slug: body.template_slug }, opts.vars);
    if (unused) ctx.warn(unused);
  }
  const { sendEmail, sendRequest } = await import('../../api/sending.js');
  const { interruptedSend, quotaLeft, sendFailure } = await import('../../api/send-outcome.js');
  const shown = files ? { ...body, attachments: files.map((f) => ({ ...f, data: `<${f.data.length} base64 characters, abbreviated in this dry run>` })) } : body;
  if (opts.dryRun && files) ctx.notice('attachment contents are abbreviated below; the real request carries them whole');
  const recipient = body.to[0]!;
  let headers: Record<string, string | string[] | undefined> = {};
  const result = await runWrite<SendResult>(ctx, {
    operation: body.scheduled_at === undefined ? OPERATIONS.sendEmail : OPERATIONS.scheduleEmail,
    action: 'send email',
    request: sendRequest(shown as SendBody),
    dryRun: opts.dryRun,
    fields: SEND_RESULT_FIELDS,
    async send(api) {
      try {
        const answer = await sendEmail(api, body);
        headers = answer.headers;
        return body.scheduled_at === undefined ? answer.result : { ...answer.result, scheduled_at: body.scheduled_at };
      } catch (error) {
        if (ctx.signal.aborted && api.stoppedInFlight) ctx.io.stderr.write(interruptedSend(recipient));
        throw sendFailure(error, recipient);
      }
    },
    sections: (r) => [
      {
        fields: [
          { key: 'request_id', label: 'Request ID', value: r.request_id },
          { key: 'accepted', label: 'Accepted', value: r.accepted, kind: 'number' },
          { key: 'rejected', label: 'Rejected', value: r.rejected, kind: 'number' },
          ...(body.scheduled_at !== undefined ? [{ key: 'scheduled_at', label: 'Scheduled', value: body.scheduled_at, kind: 'time' as const }] : []),
        ],
      },
    ],
  });
  if (!result) return;
  ctx.notice(`watch its events: mailctl events list --transmission ${result.request_id} --follow`);
  const left = quotaLeft(headers);
  if (left !== undefined) ctx.notice(left);
}

export default command({
  name: 'send',
  summary: 'send an email now, or at --at; prints the request id with accepted and rejected counts',
  description:
    'Never sent twice: only a 429 rate_limit_exceeded or a refused connection is retried.\n' +
    'After a timeout or a dropped connection it exits 7, as the email may have been sent:\n' +
    'check with `mailctl email list --recipient ADDRESS`. Quota refusals exit 6 with the\n' +
    'reset time. Watch a sent email with `mailctl events list --transmission ID --follow`.',
  flags: FLAGS,
  examples: [
    'mailctl email send --from hello@acme.example --to ann@example.com --subject "Hi" --text body.txt',
    'mailctl email send --from hello@acme.example --to ann@example.com --template password-reset --var reset_url=https://acme.example/reset/4f9a --var expires_in=24h',
    'mailctl email send --from hello@acme.example --to ann@example.com,bob@example.com --subject Report --html report.html --attach report.pdf --at +2h',
  ],
  operation: OPERATIONS.sendEmail,
  operationNote: `with --at, ${OPERATIONS.scheduleEmail.name}`,
  moreOperations: [OPERATIONS.scheduleEmail],
  check,
  run: async (opts, ctx) => {
    await run(opts, ctx);
  },
});

import { CheckFailedError } from '../errors.js';
import { writeChecklist, type ChecklistSpec } from '../output/checklist.js';
import { utcText } from '../output/instant-text.js';
import type { OutputTarget } from '../output/types.js';
import type { ReportDocument } from './document.js';
import { MS_PER_MINUTE } from '../time-units.js';

// The pre-flight checks of cli.md ("Campaign pre-flight"), shared by `campaign check`,
// `campaign schedule --check` and `campaign send --check`: would scheduling (or sending)
// succeed, and is it wise? Each check says what failed and how to fix it. Pure: the
// commands fetch the campaign and judge the account's health (commands/campaign/preflight.ts).

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The fields of a campaign the checks read (spec 2.2; a Campaign of api/campaigns.ts is one). */
export interface PreflightCampaign {
  status: string;
  subject?: string | null;
  from_email?: string | null;
  reply_to?: string | null;
  html_content?: string | null;
  total_recipients?: number | null;
}

export interface PreflightOptions {
  id: string;
  /** the send time to check: --at, else the campaign's own scheduled_at */
  atMs?: number;
  minLeadMs: number;
  health: boolean;
  /** `campaign send`: only a draft without a pending schedule can be sent now (spec 3.4). */
  sendNow?: boolean;
}

export const DEFAULT_MIN_LEAD_MS = 10 * MS_PER_MINUTE;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
// An unsubscribe link: a link whose address or text says so, or the merge tag that becomes one.
const UNSUBSCRIBE = [/<a\b[^>]*\bhref\s*=\s*["']?[^"'>\s]*unsubscribe/i, /<a\b[^>]*>[^<]*unsubscribe/i, /\{\{\s*[\w.]*unsubscribe[\w.]*\s*\}\}/i];

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';
const fix = (problem: string, how: string) => `${problem}: ${how}`;

/** The checks that read only the campaign and the key (no further request). */
export function campaignChecks(c: PreflightCampaign, sandbox: boolean, now: number, opts: PreflightOptions): Check[] {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const status = c.status;
  if (opts.sendNow) {
    add(
      'state',
      status === 'draft',
      status === 'draft'
        ? 'draft: can be sent'
        : status === 'scheduled'
          ? fix('scheduled: a campaign with a pending schedule is not sent now', 'run `mailctl campaign unschedule` first, or let it go at its time')
          : fix(`${status}: only draft campaigns can be sent`, 'create a new campaign (or a copy of this one) in the dashboard'),
    );
  } else add(
    'state',
    status === 'draft' || status === 'scheduled',
    status === 'draft' || status === 'scheduled'
      ? `${status}: can be scheduled`
      : fix(`${status}: only draft or scheduled campaigns can be scheduled`, 'create a new campaign (or a copy of this one) in the dashboard'),
  );
  add('subject', present(c.subject), present(c.subject) ? 'present' : fix('no subject', 'set a subject in the campaign editor'));
  add('sender', present(c.from_email), present(c.from_email) ? `from ${c.from_email}` : fix('no sender address (from_email)', 'set the sender in the campaign editor'));
  const html = c.html_content;
  add('content', present(html), present(html) ? `${html.length} characters of HTML` : fix('no content', 'write or import the email content'));
  if (!present(c.from_email)) add('from_email', false, 'missing (see sender)');
  else add('from_email', EMAIL.test(c.from_email.trim()), EMAIL.test(c.from_email.trim()) ? 'a valid address' : fix(`"${c.from_email}" is not an email address`, 'use an address such as news@example.com'));
  if (!present(c.reply_to)) add('reply_to', true, 'not set: replies go to the sender address');
  else add('reply_to', EMAIL.test(c.reply_to.trim()), EMAIL.test(c.reply_to.trim()) ? 'a valid address' : fix(`"${c.reply_to}" is not an email address`, 'fix reply_to in the campaign settings'));
  const unsub = present(html) && UNSUBSCRIBE.some((re) => re.test(html));
  add('unsubscribe_link', unsub, unsub ? 'found' : fix(present(html) ? 'no unsubscribe link in the content' : 'no content to look in', 'add an unsubscribe link (required by mailbox providers and the law)'));
  const n = c.total_recipients;
  add('recipients', typeof n === 'number' && n > 0, typeof n === 'number' && n > 0 ? `${n}` : fix(n === 0 ? 'no recipients' : 'recipient count unknown', 'choose a list or segment with contacts'));
  add(
    'key',
    !sandbox,
    sandbox
      ? fix(`a sandbox key: the API refuses it on ${opts.sendNow ? 'send' : 'schedule'}`, 'use a live key with campaigns:write (MAILCTL_API_KEY or `mailctl auth login`)')
      : 'a live key (whether it has campaigns:write is only known when writing)',
  );
  if (opts.sendNow) {
    // sent at once: no lead time to check
  } else if (opts.atMs === undefined) {
    add('lead_time', true, 'no send time given (--at); checked when scheduling');
  } else {
    const lead = opts.atMs - now;
    const ok = lead >= opts.minLeadMs;
    add(
      'lead_time',
      ok,
      ok
        ? `${utcText(opts.atMs)} is ${minutes(lead)} ahead`
        : fix(`${utcText(opts.atMs)} is ${lead <= 0 ? 'not in the future' : `only ${minutes(lead)} ahead`} (at least ${minutes(opts.minLeadMs)} needed)`, 'choose a later --at'),
    );
  }
  return checks;
}

function minutes(ms: number): string {
  const m = Math.round(ms / MS_PER_MINUTE);
  return m >= 120 ? `${Math.round(m / 60)}h` : `${m}m`;
}

/** --health: the account's last 7 days (the report of `mailctl report`), failed on a critical bounce or complaint rate. */
export function healthOf(doc: ReportDocument): Check {
  const t = doc.totals;
  const rate = (v: number | null) => (v === null ? 'no data' : `${v.toFixed(2)}%`);
  const words = `bounce ${rate(t.bounce_rate)} ${doc.verdicts.bounce ?? ''}, complaint ${rate(t.complaint_rate)} ${doc.verdicts.complaint ?? ''} (last 7 days)`.replace(/ +/g, ' ');
  const critical = doc.judged.filter((s) => doc.verdicts[s] === 'critical');
  return {
    name: 'health',
    ok: critical.length === 0,
    detail: critical.length === 0 ? words : fix(words, 'find the cause with `mailctl report --by provider` before sending more'),
  };
}

const CHECKLIST: ChecklistSpec<Check> = {
  columns: [
    { key: 'name', header: 'CHECK', value: (c) => c.name },
    { key: 'ok', header: 'RESULT', value: (c) => (c.ok ? 'pass' : 'fail'), kind: 'status' },
    { key: 'detail', header: 'DETAIL', value: (c) => c.detail },
  ],
  fields: ['name', 'ok', 'detail'],
  state: (c) => (c.ok ? 'pass' : 'fail'),
  name: (c) => c.name,
  resultColumn: 'ok',
  document: {},
  line: (c) => c,
};

/** Prints the checks of campaign `id` (json: {"ok", "checks"}; otherwise one row each). */
export async function printChecks(target: OutputTarget, id: string, checks: Check[]): Promise<void> {
  await writeChecklist(target, { ...CHECKLIST, title: `campaign check — ${id}` }, checks);
}

export function failedChecks(id: string, checks: Check[]): CheckFailedError {
  const failed = checks.filter((c) => !c.ok);
  return new CheckFailedError(`campaign ${id}: ${failed.length} of ${checks.length} checks failed (${failed.map((c) => c.name).join(', ')})`, {
    hint: 'fix what the failing rows say, then run the check again',
  });
}

import type { DomainVerification } from '../../api/domains.js';
import { OPERATIONS } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../duration.js';
import { CheckFailedError, ExitCode } from '../../errors.js';
import { command, flag } from '../define.js';
import { refuseSandboxKey } from '../write.js';
import { checkRows, type CheckRow } from '../../api/dns-records.js';
import { CHECK_COLUMNS, DOMAIN_ARGS } from './records.js';
import { MS_PER_MINUTE } from '../../time-units.js';

// POST /domains/{domain}/verify: one row per record, exit 8 unless every
// record the domain needs passes. --wait re-checks with a growing pause (DNS
// changes take minutes to hours to propagate) until all pass or time is up.

const FIRST_PAUSE_MS = 5_000;
const MAX_PAUSE_MS = MS_PER_MINUTE;

const CHECK_FIELDS = CHECK_COLUMNS.map((c) => c.key);

function failing(rows: readonly CheckRow[]): CheckRow[] {
  return rows.filter((r) => r.result === 'fail');
}

async function waitForRecords(ctx: Context, check: () => Promise<DomainVerification>, waitMs: number): Promise<CheckRow[]> {
  const deadline = ctx.now() + waitMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    const rows = checkRows(await check());
    const bad = failing(rows);
    const left = deadline - ctx.now();
    if (bad.length === 0 || left <= 0) return rows;
    const next = Math.min(pause, left);
    ctx.notice(`${bad.map((r) => r.record).join(', ')} not passing yet: checking again in ${Math.ceil(next / 1000)}s`);
    await ctx.sleep(next);
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

export default command({
  name: 'verify',
  summary: 'check the DNS records of a sending domain now: one row per record, exit 8 when one does not pass',
  description: 'Root domains need SPF, DKIM and DMARC; subdomains need DKIM, DMARC and the bounce\nCNAME. A record the domain does not need is shown as "not needed" when it is absent.\nDNS changes can take up to 48 hours to propagate: --wait keeps checking, with a\ngrowing pause, until every record passes or the time is up.',
  args: DOMAIN_ARGS,
  flags: {
    wait: flag.string('re-check until every record passes, for at most this long (e.g. 10m)', { value: 'duration', parse: (s) => parseDuration(s, '--wait') }),
  },
  examples: ['mailctl domain verify mail.example.com', 'mailctl domain verify mail.example.com --wait 10m', 'mailctl domain verify example.com --json'],
  operation: OPERATIONS.verifyDomain,
  exitCodes: [ExitCode.CheckFailed],
  formats: ['markdown'],
  async run({ name, wait }, ctx) {
    const { checkFields } = await import('../../output/fields.js');
    const { writeChecklist } = await import('../../output/checklist.js');
    const { verifyDomain } = await import('../../api/domains.js');
    const out = ctx.output();
    checkFields(out.fields, CHECK_COLUMNS, CHECK_FIELDS);
    refuseSandboxKey(ctx, 'verify domains', OPERATIONS.verifyDomain);
    const api = await ctx.api();
    const check = () => verifyDomain(api, name);
    const rows = wait === undefined ? checkRows(await check()) : await waitForRecords(ctx, check, wait);
    await writeChecklist(out, {
      columns: CHECK_COLUMNS, fields: CHECK_FIELDS, title: `domain verify — ${name}`, noun: 'record', resultColumn: 'result',
      state: (r) => (r.result === 'not needed' ? 'skip' : r.result), name: (r) => r.record,
    }, rows);
    const bad = failing(rows);
    if (bad.length > 0) {
      throw new CheckFailedError(`${name}: ${bad.length} of ${rows.filter((r) => r.result !== 'not needed').length} records do not pass (${bad.map((r) => r.record).join(', ')})${wait !== undefined ? ' after waiting' : ''}`, {
        hint: `publish the records of \`mailctl domain show ${name}\`; DNS changes can take up to 48 hours`,
      });
    }
  },
});

import { OPERATIONS } from '../../api/operations.js';
import { parseDuration } from '../../duration.js';
import { CheckFailedError, ExitCode } from '../../errors.js';
import { command, flag } from '../define.js';
import { printDryRun, refuseSandboxKey } from '../write.js';
import { dryRunFlag } from '../runners/write.js';
import { checkRows, failing, waitForRecords } from '../../api/dns-records.js';
import { CHECK_COLUMNS, DOMAIN_ARGS } from './records.js';

// POST /domains/{domain}/verify: one row per record, exit 8 unless every
// record the domain needs passes; --wait re-checks (api/dns-records.ts).
// A write (domains:write, refused to sandbox keys), so it takes --dry-run
// like every write (cli.md, "Rules for all of them").

const CHECK_FIELDS = CHECK_COLUMNS.map((c) => c.key);

export default command({
  name: 'verify',
  summary: 'check the DNS records of a sending domain now: one row per record, exit 8 when one does not pass',
  description: 'Root domains need SPF, DKIM and DMARC; subdomains need DKIM, DMARC and the bounce\nCNAME. A record the domain does not need is shown as "not needed" when it is absent.\nDNS changes can take up to 48 hours to propagate: --wait keeps checking, with a\ngrowing pause, until every record passes or the time is up; Ctrl-C prints the last\ncheck made.',
  args: DOMAIN_ARGS,
  flags: {
    wait: flag.string('re-check until every record passes, for at most this long (e.g. 10m)', { value: 'duration', parse: (s) => parseDuration(s, '--wait') }),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl domain verify mail.example.com', 'mailctl domain verify mail.example.com --wait 10m', 'mailctl domain verify example.com --json'],
  operation: OPERATIONS.verifyDomain,
  exitCodes: [ExitCode.CheckFailed],
  formats: ['markdown'],
  async run({ name, wait, dryRun }, ctx) {
    const { writeChecklist } = await import('../../output/checklist.js');
    const { verifyDomain, verifyDomainRequest } = await import('../../api/domains.js');
    const out = ctx.output({ columns: CHECK_COLUMNS, fields: CHECK_FIELDS });
    refuseSandboxKey(ctx, 'verify domains', OPERATIONS.verifyDomain);
    if (dryRun) return printDryRun(ctx, verifyDomainRequest(name));
    const api = await ctx.api();
    const check = () => verifyDomain(api, name);
    const rows = wait === undefined ? checkRows(await check()) : await waitForRecords(ctx, check, wait);
    await writeChecklist(out, {
      columns: CHECK_COLUMNS, fields: CHECK_FIELDS, title: `domain verify — ${name}`, noun: 'record', resultColumn: 'result',
      state: (r) => (r.result === 'not needed' ? 'skip' : r.result), name: (r) => r.record,
    }, rows);
    if (ctx.signal.aborted) throw ctx.signal.reason; // --wait interrupted: its last check is printed, exit 130/143
    const bad = failing(rows);
    if (bad.length > 0) {
      throw new CheckFailedError(`${name}: ${bad.length} of ${rows.filter((r) => r.result !== 'not needed').length} records do not pass (${bad.map((r) => r.record).join(', ')})${wait !== undefined ? ' after waiting' : ''}`, {
        hint: `publish the records of \`mailctl domain show ${name}\`; DNS changes can take up to 48 hours`,
      });
    }
  },
});

// `-o markdown` (issue 30, cli.md "Agents and CI summaries"): report, campaign check, doctor and
// domain verify print a page for CI jobs (heading, verdict line, table); every other command
// refuses the format before sending anything. Against the emulator on a fixed clock and seed,
// so each page is compared whole.
import { describe, expect, it } from 'vitest';
import { markdownText } from '../../src/output/markdown.js';
import { reportColumns } from '../../src/report/columns.js';
import { expectUsageError } from '../helpers/expect.js';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';

const clock = fakeClock(Date.parse('2026-11-20T10:00:00Z'));
const emu = useEmulator({ seed: 3, events: 600, contacts: 0, now: clock.now });
const run = (args: string[], opts: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { emulator: emu, clock, ...opts });
const sent = (r: { requests: Array<{ method: string; path: string }> }) => r.requests.map((q) => `${q.method} ${q.path}`);

/** A markdown table row has as many cells as the header: no cell may add or end one. */
function tableRows(page: string): string[][] {
  return page
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .map((l) => l.slice(2, -2).split(/(?<!\\) \| /));
}

describe('-o markdown: the four commands that print it', () => {
  it('campaign check: heading with the campaign, the verdict naming the failing check, one row per check; exit 8', async () => {
    const id = emu.fixtures.preflight.failing.unsubscribe_link!;
    const r = await run(['campaign', 'check', id, '-o', 'markdown']);
    expect(r.exitCode).toBe(8);
    expect(sent(r)).toEqual([`GET /campaigns/${id}`]);
    expect(r.stdout).toBe(`## mailctl campaign check — ${id}

**Verdict: ❌ fail** — 1 of 10 checks fails: unsubscribe\\_link

| Check | Result | Detail |
| --- | --- | --- |
| state | ✅ pass | draft: can be scheduled |
| subject | ✅ pass | present |
| sender | ✅ pass | from news@acme.example |
| content | ✅ pass | 182 characters of HTML |
| from\\_email | ✅ pass | a valid address |
| reply\\_to | ✅ pass | a valid address |
| unsubscribe\\_link | ❌ fail | no unsubscribe link in the content: add an unsubscribe link (required by mailbox providers and the law) |
| recipients | ✅ pass | 41 |
| key | ✅ pass | a live key (whether it has campaigns:write is only known when writing) |
| lead\\_time | ✅ pass | no send time given (--at); checked when scheduling |
`);
    expect(r.stderr).toMatch(/^error: campaign .*1 of 10 checks failed \(unsubscribe_link\)/m);
  });

  it('domain verify: a record the domain does not need is shown, not judged; exit 8 when one fails', async () => {
    const add = await run(['domain', 'add', 'news.globex-test.com']);
    expect(add.exitCode, add.stderr).toBe(0);
    const r = await run(['domain', 'verify', 'news.globex-test.com', '-o', 'markdown']);
    expect(r.exitCode).toBe(8);
    expect(sent(r)).toEqual(['POST /domains/news.globex-test.com/verify']);
    const propagate = '(DNS changes can take up to 48 hours to propagate).';
    expect(r.stdout).toBe(`## mailctl domain verify — news.globex-test.com

**Verdict: ❌ fail** — 3 of 3 records fail: DKIM, DMARC, CNAME; not needed: SPF

| Record | Result | Status | Found | Error |
| --- | --- | --- | --- | --- |
| SPF | ➖ not needed | missing | - | No SPF record found ${propagate} |
| DKIM | ❌ fail | unverified | - | No DKIM record found ${propagate} |
| DMARC | ❌ fail | missing | - | No DMARC record found ${propagate} |
| CNAME | ❌ fail | unverified | - | No CNAME record found ${propagate} |
`);
  });

  it('doctor: heading with the profile, every check a row with its fix column; exit 0 when all pass', async () => {
    const r = await run(['doctor', '-o', 'markdown']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /health', 'GET /auth/check', 'GET /domains', 'GET /webhooks']);
    // what only this machine decides (timings, the port, the temporary config directory) is normalised
    const page = r.stdout.replace(/\d+ ms/g, 'N ms').replaceAll(String(new URL(emu.baseUrl).port), 'PORT').replace(/\/[^ ]*\/config\.json/, 'CONFIG');
    expect(page).toBe(`## mailctl doctor — profile default

**Verdict: ✅ pass** — all 14 checks pass

| Result | Check | Found | Fix |
| --- | --- | --- | --- |
| ✅ pass | config | no config file at CONFIG (settings come from flags and the environment) | - |
| ✅ pass | profile | profile "default" (default); base\\_url from env; output markdown (flag); timeout 30s (default); retries 3 (default) | - |
| ✅ pass | key | live key from MAILCTL\\_API\\_KEY | - |
| ✅ pass | base\\_url | http://127.0.0.1:PORT (plain http on loopback) | - |
| ✅ pass | proxy | none: direct connection (no HTTP\\_PROXY or ALL\\_PROXY set, which an http:// URL would use) | - |
| ✅ pass | connection | 127.0.0.1 resolves to 127.0.0.1 (N ms); TCP port PORT open (N ms) | - |
| ✅ pass | tls | not used (plain http) | - |
| ✅ pass | service | GET /health: ok | - |
| ✅ pass | auth | the key is valid for team 1: GET /auth/check answered 200 in N ms | - |
| ✅ pass | clock | in step with the server (within 1 s) | - |
| ✅ pass | rate\\_limit | 3 of 3 requests left this second | - |
| ✅ pass | domains | 2 of 5 sending domains approved and verified; not verified: promo.acme.example (pending), acme-deals.example (blocked), news.globex-test.com (DKIM unverified) | - |
| ✅ pass | quota | no free-tier quota headers on these answers (a paid plan, or reported on sends only: \\\`email send\\\` prints what is left) | - |
| ✅ pass | webhooks | 3 webhooks, 2 enabled, none failing | - |
`);
  });

  it('doctor: a warning is the verdict, and exit 8 as with any other format', async () => {
    const r = await run(['doctor', '-o', 'markdown'], { key: 'sandbox' });
    expect(r.exitCode).toBe(8);
    expect(r.stdout).toContain('**Verdict: ⚠️ warn** — 1 of 14 checks needs attention: key\n');
    expect(r.stdout).toContain('| ⚠️ warn | key | sandbox key from MAILCTL\\_API\\_KEY');
    expect(r.stdout).not.toContain(emu.keys.sandbox);
  });

  it('report: the window in the heading, the verdicts of --json in the verdict line, the rows and the totals; --fail-on still exits 8', async () => {
    const json = await run(['report', '--json', '--fail-on', 'critical']);
    const doc = JSON.parse(json.stdout);
    const r = await run(['report', '-o', 'markdown', '--fail-on', 'critical', '--fields', 'key,injections,bounces,bounce_rate,bounce_verdict,complaint_verdict']);
    expect(r.exitCode).toBe(8);
    expect(sent(r)).toEqual(sent(json));
    expect(doc.verdicts).toMatchObject({ bounce: 'critical', complaint: 'critical' });
    expect(r.stdout).toBe(`## mailctl report — 2026-11-13 10:00 UTC to 2026-11-20 10:00 UTC, by day

**Verdict: ❌ critical** — bounce rate 9.92% critical (critical above 5%); complaint rate 2.56% critical (critical above 0.3%)

Fails \`--fail-on critical\`: bounce rate is critical, complaint rate is critical.

| Day | Injected | Bounces | Bounce % | Bounce | Complaint |
| --- | ---: | ---: | --- | --- | --- |
| 2026-11-13 | 7 | 0 | 0 | ✅ healthy | ✅ healthy |
| 2026-11-14 | 18 | 1 | 5.5556 | ❌ critical | ❌ critical |
| 2026-11-15 | 15 | 3 | 20 | ❌ critical | ✅ healthy |
| 2026-11-16 | 21 | 3 | 14.2857 | ❌ critical | ✅ healthy |
| 2026-11-17 | 17 | 1 | 5.8824 | ❌ critical | ✅ healthy |
| 2026-11-18 | 15 | 1 | 6.6667 | ❌ critical | ❌ critical |
| 2026-11-19 | 21 | 2 | 9.5238 | ❌ critical | ✅ healthy |
| 2026-11-20 | 7 | 1 | 14.2857 | ❌ critical | ✅ healthy |
| **Total** | 121 | 12 | 9.9174 | ❌ critical | ❌ critical |
`);
    expect(r.stderr).toMatch(/^error: --fail-on critical: /m);
  });

  it("report: the table has the report's own columns (report/columns.ts), one row per day and the totals", async () => {
    const r = await run(['report', '-o', 'markdown']);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = tableRows(r.stdout);
    expect(rows[0]).toHaveLength(reportColumns('day').length);
    expect(rows.slice(2).map((row) => row[0])).toEqual([...Array.from({ length: 8 }, (_, i) => `2026-11-${13 + i}`), '**Total**']);
    for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });
});

describe('-o markdown: report from the archive', () => {
  it('names the archive in the heading and judges its events as --json does (no request)', async () => {
    const { writeArchive } = await import('../report/fixtures.js');
    const at = (i: number) => `2026-11-18T0${i}:00:00.000Z`;
    const events = [
      ...[0, 1, 2, 3].map((i) => ({ event_id: `i${i}`, type: 'injection', timestamp: at(i), request_id: `r${i}`, rcpt_to: `u${i}@x.example` })),
      ...[0, 1, 2].map((i) => ({ event_id: `d${i}`, type: 'delivery', timestamp: at(i), request_id: `r${i}`, rcpt_to: `u${i}@x.example` })),
      { event_id: 'b3', type: 'bounce', timestamp: at(3), request_id: 'r3', rcpt_to: 'u3@x.example', bounce_class: 10 },
    ];
    const file = writeArchive(events);
    const r = await run(['report', '--db', file, '--from', '2026-11-18', '--to', '2026-11-18', '-o', 'markdown', '--fields', 'key,injections,deliveries,bounces,bounce_rate,bounce_verdict']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(0);
    expect(r.stdout).toBe(`## mailctl report — archive ${markdownText(file)}, 2026-11-18 00:00 UTC to 2026-11-18 23:59 UTC, by day

**Verdict: ❌ critical** — bounce rate 25.00% critical (critical above 5%); complaint rate 0.00% healthy

| Day | Injected | Delivered | Bounces | Bounce % | Bounce |
| --- | ---: | ---: | ---: | --- | --- |
| 2026-11-18 | 4 | 3 | 1 | 25 | ❌ critical |
| **Total** | 4 | 3 | 1 | 25 | ❌ critical |
`);
  });
});

describe('-o markdown: text from the service stays inside its cell', () => {
  it('a hostile sender address (pipe, HTML, newline, backtick, link) neither breaks the table nor adds markup', async () => {
    const id = emu.fixtures.preflight.ready;
    const campaign = emu.store.teams.main.campaigns.get(id)!;
    const before = campaign.from_email;
    campaign.from_email = 'x|y<script>alert(1)</script>\n`rm -rf` [click](https://evil.example) *bold*';
    try {
      const r = await run(['campaign', 'check', id, '-o', 'markdown'], { stdoutIsTTY: true });
      expect(r.exitCode).toBe(8);
      const rows = tableRows(r.stdout);
      for (const row of rows) expect(row).toHaveLength(3);
      const sender = rows.find((row) => row[0] === 'sender')!;
      expect(sender[2]).toBe('from x\\|y&lt;script&gt;alert(1)&lt;/script&gt;<br>\\`rm -rf\\` \\[click\\](https://evil.example) \\*bold\\*');
      expect(r.stdout).not.toContain('<script>');
      expect(r.stdout).not.toMatch(/\u001b\[/); // a terminal gets the page as it is: no colour
    } finally {
      campaign.from_email = before;
    }
  });

  it.each([
    ['a|b', 'a\\|b'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['one\r\ntwo\nthree', 'one<br>two<br>three'],
    ['`code`', '\\`code\\`'],
    ['a & b', 'a &amp; b'],
    ['_x_ ~y~ $z$', '\\_x\\_ \\~y\\~ \\$z\\$'],
    ['\u001b[31mred\u001b[0m\ttab', '\\[31mred\\[0m tab'],
  ])('%j is written %j', (raw, page) => {
    expect(markdownText(raw)).toBe(page);
  });
});

describe('-o markdown: every other command refuses it', () => {
  it('campaign list -o markdown: exit 2, one line naming --output and the commands that print it, no request', async () => {
    const r = await run(['campaign', 'list', '-o', 'markdown']);
    expectUsageError(r, r.requests, '--output markdown');
    expect(r.stderr).toContain('error: --output markdown is only for campaign check, domain verify, report and doctor');
    expect(r.requests).toHaveLength(0);
  });

  it('`mailctl commands --json` lists the formats of each command: markdown for exactly the four', async () => {
    const r = await run(['commands', '--json']);
    const tree = JSON.parse(r.stdout) as { commands: Array<{ path: string; formats: string[] }> };
    expect(tree.commands.filter((c) => c.formats.includes('markdown')).map((c) => c.path).sort()).toEqual(['campaign check', 'doctor', 'domain verify', 'report']);
    expect(tree.commands.find((c) => c.path === 'campaign list')!.formats).toEqual(['table', 'json', 'ndjson', 'csv']);
  });

  it("a profile's output markdown applies where it is printed; other commands print their table", async () => {
    const { tempDir } = await import('../helpers/cli.js');
    const configDir = tempDir('mailctl-md-');
    expect((await run(['config', 'set', 'output', 'markdown'], { configDir })).exitCode).toBe(0);
    const list = await run(['domain', 'list'], { configDir });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^acme\.example\t/);
    const check = await run(['campaign', 'check', emu.fixtures.preflight.ready], { configDir });
    expect(check.stdout).toMatch(/^## mailctl campaign check — /);
  });
});

// campaign list / show / events against the emulator: each request under the
// spec's names (4.3, 4.4, 4.5), numbered and cursor paging compared with the
// emulator's store, empty filtered pages followed to the end, rates without
// division by zero, the HTML kept out of the terminal, and usage errors that
// send nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { type Campaign } from '../../src/emulator/index.js';
import { emulatorEnv, ndjson, tempDir } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli, runInProcess } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { tsvRows } from '../helpers/parse.js';

const DAY = 86_400_000;
const emu = useEmulator({ seed: 11, events: 50 });

const cli = (args: string[], key: Parameters<typeof emulatorEnv>[1] = 'full') =>
  runCli(['campaign', ...args], { env: emulatorEnv(emu, key) });

/** The team's campaigns in the order the emulator lists them. */
function storedCampaigns(status?: string): Campaign[] {
  return [...emu.store.teams.main.campaigns.values()]
    .filter((c) => status === undefined || c.status === status)
    .sort((a, b) => b.created_at - a.created_at);
}


/** What a terminal `cols` wide shows for `mailctl ARGS`: in-process, stdout and stderr both terminals (TERM=xterm). */
const onTty = async (_t: TestContext, args: string[], cols: number) => {
  const r = await runInProcess(args, { emulator: emu, stdoutIsTTY: true, stderrIsTTY: true, columns: cols, env: { TERM: 'xterm' } });
  return r.stdout + r.stderr;
};

const plain = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

function expectUsage(r: { code: number | null; stderr: string; stdout: string }, flag: string) {
  expectUsageError(r, emu.requests, flag);
}

describe('campaign list', () => {
  it('sends GET /campaigns with no parameters by default, shows one page and hints at the next', async () => {
    const r = await cli(['list']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/campaigns', query: {}, status: 200 });
    const all = storedCampaigns();
    expect(all.length).toBeGreaterThan(20);
    expect(tsvRows(r.stdout).map((row) => row[0])).toEqual(all.slice(0, 20).map((c) => c.id));
    expect(r.stderr).toContain('page 1 of 2');
    expect(r.stderr).toContain('mailctl campaign list --page 2');
  });

  it('sends status, page and per_page under the names of spec 4.3, and the hint keeps the filters', async () => {
    const r = await cli(['list', '--status', 'sent', '--per-page', '4', '--page', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.map((q) => q.query)).toEqual([{ status: 'sent', per_page: '4', page: '2' }]);
    const rows = JSON.parse(r.stdout) as Array<{ id: string; status: string }>;
    expect(rows.map((c) => c.id)).toEqual(storedCampaigns('sent').slice(4, 8).map((c) => c.id));
    expect(r.stderr).toContain('mailctl campaign list --status sent --per-page 4 --page 3');
  });

  it('the next-page hint repeats --base-url when it was given, after the page, and the hinted command works', async () => {
    const r = await cli(['list', '--status', 'sent', '--per-page', '4', '--base-url', emu.baseUrl]);
    expect(r.code, r.stderr).toBe(0);
    const line = r.stderr.split('\n').find((l) => l.trim().startsWith('mailctl campaign list'));
    expect(line?.trim()).toBe(`mailctl campaign list --status sent --per-page 4 --page 2 --base-url ${emu.baseUrl}`);
    emu.clearRequests();
    const next = await runCli(line!.trim().split(' ').slice(1), { env: { ...emulatorEnv(emu), MAILCTL_BASE_URL: 'http://127.0.0.1:9' } });
    expect(next.code, next.stderr).toBe(0);
    expect(emu.requests.map((q) => q.query)).toEqual([{ status: 'sent', per_page: '4', page: '2' }]);
  });

  it('--all walks the page numbers up to last_page and streams every row', async () => {
    const all = storedCampaigns();
    const r = await cli(['list', '--all', '--per-page', '5', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const pages = Math.ceil(all.length / 5);
    expect(emu.requests.map((q) => q.query)).toEqual([
      { per_page: '5' },
      ...Array.from({ length: pages - 1 }, (_, i) => ({ page: String(i + 2), per_page: '5' })),
    ]);
    expect(ndjson(r.stdout).map((c) => (c as { id: string }).id)).toEqual(all.map((c) => c.id));
    expect(r.stderr).not.toContain('next page');
  });

  it('--all asks for 100 per page unless --per-page is given', async () => {
    const r = await cli(['list', '--all', '--status', 'draft']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.map((q) => q.query)).toEqual([{ per_page: '100', status: 'draft' }]);
    expect(tsvRows(r.stdout)).toHaveLength(storedCampaigns('draft').length);
  });

  it('--limit stops after N rows, starting from --page', async () => {
    const r = await cli(['list', '--limit', '7', '--per-page', '3', '--page', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.map((q) => q.query.page)).toEqual(['2', '3', '4']);
    const rows = JSON.parse(r.stdout) as Array<{ id: string }>;
    expect(rows.map((c) => c.id)).toEqual(storedCampaigns().slice(3, 10).map((c) => c.id));
  });

  it('computes delivered, open, click and bounce rates from stats, empty where there is nothing to divide by', async () => {
    const fields = 'id,status,delivery_rate,open_rate,click_rate,bounce_rate';
    const r = await cli(['list', '--all', '--fields', fields, '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(fields);
    const pct = (a: number, b: number) => (b > 0 ? ((a / b) * 100).toFixed(1) : '');
    const expected = storedCampaigns().map((c) => {
      const s = c.stats;
      return [c.id, c.status, pct(s.deliveries, s.injections), pct(s.unique_opens, s.deliveries), pct(s.unique_clicks, s.deliveries), pct(s.bounces, s.injections)].join(',');
    });
    expect(lines.slice(1)).toEqual(expected);
    // both kinds are really there: campaigns with stats and campaigns without any
    expect(expected.some((l) => l.endsWith(',,,,'))).toBe(true);
    expect(expected.some((l) => /,\d+\.\d,\d+\.\d,\d+\.\d,\d+\.\d$/.test(l))).toBe(true);
  });

  it('on a terminal: a header, coloured status, "-" for rates with nothing to divide by, whole ids even when narrow', async (t) => {
    const wide = await onTty(t, ['campaign', 'list', '--all', '-q'], 200);
    expect(wide).toContain('\u001b[1mSTATUS\u001b[22m');
    expect(wide).toMatch(/\u001b\[3\dmsent\u001b\[39m/);
    const rows = plain(wide).split('\n');
    expect(rows[0]).toMatch(/^ID\s+NAME\s+STATUS\s+SENT\/SCHEDULED \(UTC[^)]*\)\s+RECIPIENTS\s+SENT\s+DELIVERED\s+OPENED\s+CLICKED\s+BOUNCED$/);
    const draftRow = rows.find((r) => r.includes(emu.fixtures.campaigns.draft))!;
    expect(draftRow).toMatch(/draft\s+-\s+\d+\s+0\s+-\s+-\s+-\s+-$/);
    const sentRow = rows.find((r) => r.includes(emu.fixtures.campaigns.sent))!;
    expect(sentRow).toMatch(/sent\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+\d+\s+\d+\s+\d+\.\d%\s+\d+\.\d%\s+\d+\.\d%\s+\d+\.\d%$/);

    const narrow = plain(await onTty(t, ['campaign', 'list', '--all', '-q'], 80)).split('\n').filter((l) => l.trim() !== '');
    expect(narrow.every((l) => l.length <= 80)).toBe(true);
    for (const c of storedCampaigns()) expect(narrow.some((l) => l.startsWith(`${c.id}  `))).toBe(true);
  });

  it('works with a read-only key (campaigns:read)', async () => {
    const r = await cli(['list', '--status', 'scheduled'], 'read_only');
    expect(r.code, r.stderr).toBe(0);
    expect(tsvRows(r.stdout).map((row) => row[2])).toEqual(storedCampaigns('scheduled').map(() => 'scheduled'));
  });

  it.each([
    [['--status', 'archived'], '--status'],
    [['--page', '0'], '--page'],
    [['--page', '10001'], '--page'],
    [['--per-page', '101'], '--per-page'],
    [['--limit', 'ten'], '--limit'],
    [['--fields', 'id,nope'], '--fields'],
  ])('refuses %j before sending (exit 2)', async (args, flag) => {
    expectUsage(await cli(['list', ...args]), flag);
  });
});

describe('campaign show', () => {
  const sentId = () => emu.fixtures.campaigns.sent;

  it('sends GET /campaigns/{id} and prints every field, stats and rates, but not the HTML', async () => {
    const id = sentId();
    const c = emu.store.teams.main.campaigns.get(id)!;
    const r = await cli(['show', id]);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: `/campaigns/${id}`, query: {} });
    const kv = Object.fromEntries(tsvRows(r.stdout).map(([k, v]) => [k, v]));
    expect(kv).toMatchObject({
      id,
      name: c.name,
      status: 'sent',
      subject: c.subject,
      from_email: c.from_email,
      total_recipients: String(c.recipients.length),
      sent_count: String(c.sent_count),
      deliveries: String(c.stats.deliveries),
      unique_opens: String(c.stats.unique_opens),
      open_rate: ((c.stats.unique_opens / c.stats.deliveries) * 100).toFixed(1),
      html_bytes: String(Buffer.byteLength(c.html_content!)),
    });
    expect(r.stdout).not.toContain('<html');
  });

  it('on a terminal: labelled sections, the HTML size instead of the HTML', async (t) => {
    const out = plain(await onTty(t, ['campaign', 'show', sentId()], 120));
    expect(out).toMatch(/^Status\s+sent$/m);
    expect(out).toMatch(/^Stats$/m);
    expect(out).toMatch(/^Rates$/m);
    expect(out).toMatch(/^HTML\s+\d+ bytes \(--html to print/m);
    expect(out).not.toContain('<html');
  });

  it('--json prints the whole API object, html_content included', async () => {
    const id = sentId();
    const r = await cli(['show', id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const obj = JSON.parse(r.stdout);
    expect(obj.id).toBe(id);
    expect(obj.html_content).toBe(emu.store.teams.main.campaigns.get(id)!.html_content);
    expect(obj.stats).toEqual(emu.store.teams.main.campaigns.get(id)!.stats);
  });

  it('--html prints only the HTML; --html-out writes it to a file and prints the campaign', async () => {
    const id = sentId();
    const html = emu.store.teams.main.campaigns.get(id)!.html_content!;
    const a = await cli(['show', id, '--html']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(`${html}\n`);

    const file = join(tempDir(), 'preview.html');
    const b = await cli(['show', id, '--html-out', file]);
    expect(b.code, b.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(html);
    expect(b.stdout).toContain(`id\t${id}`);
    expect(b.stdout).not.toContain('<html');
    expect(b.stderr).toContain(file);
  });

  it('--html on a campaign without content fails clearly (exit 1)', async () => {
    const r = await cli(['show', emu.fixtures.unsendableDraft, '--html']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('has no HTML content');
    expect(r.stdout).toBe('');
  });

  it('refuses --html with --html-out, a missing folder and a non-UUID id before sending (exit 2)', async () => {
    expectUsage(await cli(['show', sentId(), '--html', '--html-out', join(tempDir(), 'x.html')]), '--html-out');
    expectUsage(await cli(['show', sentId(), '--html-out', join(tempDir(), 'no', 'such', 'x.html')]), '--html-out');
    expectUsage(await cli(['show', 'abc123']), 'CAMPAIGN_ID');
  });

  it('maps 404 (unknown id, or another team\'s campaign) to exit 4', async () => {
    const a = await cli(['show', '00000000-0000-4000-8000-000000000000']);
    expect(a.code).toBe(4);
    expect(a.stderr).toContain('not_found');
    const b = await cli(['show', emu.fixtures.otherTeam.campaigns[0]!]);
    expect(b.code).toBe(4);
  });
});

describe('campaign events', () => {
  const richId = () => emu.fixtures.campaignWithEvents;
  const stored = () => emu.store.teams.main.campaigns.get(richId())!.events;
  const eventsPath = () => `/campaigns/${richId()}/events`;
  type Ev = { event_id: string; event_type: string; timestamp: string };

  it('sends every filter under the name of spec 4.5 (--per-page as limit, --since/--until as start_date/end_date)', async () => {
    const r = await cli([
      'events', richId(), '--type', 'click', '--email', 'ann@example.com',
      '--since', '2026-01-02', '--until', '2026-12-30T10:00:00+02:00', '--per-page', '7', '--cursor', 'abc',
    ]);
    // the emulator refuses the made-up cursor: the request is what this test is about
    expect(r.code).toBe(5);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: eventsPath() });
    expect(emu.requests[0]!.query).toEqual({
      event_type: 'click',
      email: 'ann@example.com',
      start_date: '2026-01-02',
      end_date: '2026-12-30T10:00:00+02:00',
      limit: '7',
      cursor: 'abc',
    });
  });

  it('resolves a relative --since once, as a UTC instant', async () => {
    const before = Date.now();
    const r = await cli(['events', richId(), '--since', '24h', '--limit', '1']);
    expect(r.code, r.stderr).toBe(0);
    const sent = Date.parse(emu.requests[0]!.query.start_date!);
    expect(emu.requests[0]!.query.start_date).toMatch(/Z$/);
    expect(sent).toBeGreaterThanOrEqual(before - DAY - 1000);
    expect(sent).toBeLessThanOrEqual(Date.now() - DAY + 1000);
  });

  it('--all follows empty filtered pages until next_cursor is null, and finds every match', async () => {
    const events = stored();
    const matches = events.filter((e) => e.type === 'spam_complaint').reverse();
    expect(matches.length).toBeGreaterThan(0);
    const r = await cli(['events', richId(), '--type', 'spam_complaint', '--per-page', '10', '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect((ndjson(r.stdout) as Ev[]).map((e) => e.event_id)).toEqual(matches.map((e) => e.id));
    // one request per window of 10 raw events: empty pages were followed, none taken as the end
    expect(emu.requests).toHaveLength(Math.ceil(events.length / 10));
    expect(emu.requests.length).toBeGreaterThan(matches.length + 1);
    expect(emu.requests.every((q) => q.query.event_type === 'spam_complaint' && q.query.limit === '10')).toBe(true);
    expect(emu.requests.slice(1).every((q) => typeof q.query.cursor === 'string')).toBe(true);
  });

  it('without --all shows the first page that has rows (skipping empty ones) and a hint with the cursor', async () => {
    const events = stored();
    const newestFirst = [...events].reverse();
    const firstMatch = newestFirst.findIndex((e) => e.type === 'spam_complaint');
    const r = await cli(['events', richId(), '--type', 'spam_complaint', '--per-page', '10', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const window = Math.floor(firstMatch / 10);
    expect(emu.requests).toHaveLength(window + 1);
    const expected = newestFirst.slice(window * 10, window * 10 + 10).filter((e) => e.type === 'spam_complaint');
    expect((JSON.parse(r.stdout) as Ev[]).map((e) => e.event_id)).toEqual(expected.map((e) => e.id));
    const hint = /--cursor (\S+)/.exec(r.stderr);
    expect(hint, r.stderr).toBeTruthy();
    expect(r.stderr).toContain(`mailctl campaign events ${richId()} --type spam_complaint --per-page 10 --cursor`);

    emu.clearRequests();
    const next = await cli(['events', richId(), '--type', 'spam_complaint', '--per-page', '10', '--cursor', hint![1]!, '--limit', '1000', '--json']);
    expect(next.code, next.stderr).toBe(0);
    expect(emu.requests[0]!.query.cursor).toBe(hint![1]);
    const rest = newestFirst.slice(window * 10 + 10).filter((e) => e.type === 'spam_complaint');
    expect((JSON.parse(next.stdout) as Ev[]).map((e) => e.event_id)).toEqual(rest.map((e) => e.id));
  });

  it('--limit asks for 100 per request and stops after N rows', async () => {
    const r = await cli(['events', richId(), '--limit', '30', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.map((q) => q.query)).toEqual([{ limit: '100' }]);
    expect(ndjson(r.stdout)).toHaveLength(30);
  });

  it('--limit on a page boundary says so on stderr with the command of the next N, which continues where it stopped', async () => {
    const newestFirst = [...stored()].reverse();
    expect(newestFirst.length).toBeGreaterThan(20);
    const r = await cli(['events', richId(), '--per-page', '10', '--limit', '10', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect((ndjson(r.stdout) as Ev[]).map((e) => e.event_id)).toEqual(newestFirst.slice(0, 10).map((e) => e.id));
    expect(r.stderr).toContain('Stopped at --limit 10. The next 10:');
    const line = r.stderr.split('\n').find((l) => l.trim().startsWith(`mailctl campaign events ${richId()} --per-page 10 --limit 10 --cursor `));
    expect(line, r.stderr).toBeDefined();

    emu.clearRequests();
    const next = await runCli(line!.trim().split(' ').slice(1), { env: emulatorEnv(emu) });
    expect(next.code, next.stderr).toBe(0);
    expect(emu.requests[0]!.query).toMatchObject({ limit: '10', cursor: /--cursor (\S+)/.exec(line!)![1] });
    expect((ndjson(next.stdout) as Ev[]).map((e) => e.event_id)).toEqual(newestFirst.slice(10, 20).map((e) => e.id));
  });

  it('--limit inside a page says it stopped, without a command (no cursor for the rest of that page)', async () => {
    const r = await cli(['events', richId(), '--limit', '5', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(5);
    expect(r.stderr.trim()).toBe('Stopped at --limit 5.');
  });

  it('--limit beyond the last event says nothing', async () => {
    const r = await cli(['events', richId(), '--limit', String(stored().length + 1), '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(stored().length);
    expect(r.stderr).toBe('');
  });

  it('a date-only --since/--until is sent as given and covers that whole UTC day', async () => {
    const events = stored();
    const day = new Date(events[Math.floor(events.length / 2)]!.ts).toISOString().slice(0, 10);
    const start = Date.parse(`${day}T00:00:00Z`);
    const expected = events.filter((e) => e.ts >= start && e.ts <= start + DAY - 1).reverse();
    expect(expected.length).toBeGreaterThan(0);
    const r = await cli(['events', richId(), '--since', day, '--until', day, '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests[0]!.query).toMatchObject({ start_date: day, end_date: day, limit: '100' });
    expect((ndjson(r.stdout) as Ev[]).map((e) => e.event_id)).toEqual(expected.map((e) => e.id));
  });

  it.each([
    [['--type', 'opened'], '--type'],
    [['--email', 'not-an-address'], '--email'],
    [['--since', 'last tuesday'], '--since'],
    [['--until', '2026-02-30'], '--until'],
    [['--since', '2026-03-02', '--until', '2026-03-01'], '--since'],
    [['--per-page', '0'], '--per-page'],
    [['--limit', '-1'], '--limit'],
  ])('refuses %j before sending (exit 2)', async (args, flag) => {
    expectUsage(await cli(['events', richId(), ...args]), flag);
  });

  it('refuses a non-UUID id before sending (exit 2)', async () => {
    expectUsage(await cli(['events', 'campaign-1']), 'CAMPAIGN_ID');
  });
});

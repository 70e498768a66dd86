// `report --db` over archives built with issue 18's schema: the same counts as
// computed here, and --fail-on checked on both sides of every threshold.
import { describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { countsOf, expectedOf, groupBy, writeArchive, type ApiEvent } from './fixtures.js';

const BASE = Date.parse('2026-11-10T00:00:00Z');
let seq = 0;

/** n emails, `bounced` of them bouncing, `complained` of the delivered ones complaining... all on one day. */
function mail(opts: { n: number; bounced?: number; complained?: number; opened?: number; clicked?: number; dayOffset?: number }): ApiEvent[] {
  const out: ApiEvent[] = [];
  const day0 = BASE + (opts.dayOffset ?? 0) * 86_400_000;
  for (let i = 0; i < opts.n; i++) {
    const id = `tx${seq++}`;
    const domain = i % 3 === 0 ? 'example.com' : 'example.org';
    const rcpt = `r${i}@${domain}`;
    const provider = i % 3 === 0 ? 'Gmail' : 'Outlook';
    // one literal per event (same fields, same order): cheaper to build and to serialise than spreads
    const ev = (suffix: string, type: string, k: number): ApiEvent => ({
      request_id: id, rcpt_to: rcpt, recipient_domain: domain, mailbox_provider: provider,
      event_id: `${id}${suffix}`, type, timestamp: new Date(day0 + i * 1000 + k).toISOString(),
    });
    out.push(ev('a', 'injection', 0));
    if (i < (opts.bounced ?? 0)) {
      out.push({ ...ev('b', 'bounce', 1), bounce_class: i % 2 === 0 ? 10 : 22 });
      continue;
    }
    out.push(ev('d', 'delivery', 1));
    if (i < (opts.bounced ?? 0) + (opts.complained ?? 0)) out.push(ev('c', 'spam_complaint', 2));
    if (i < (opts.opened ?? 0)) out.push(ev('o', 'initial_open', 3));
    if (i < (opts.clicked ?? 0)) {
      // two clicks of the same email count once
      out.push(ev('k', 'click', 4));
      out.push(ev('k2', 'click', 5));
    }
  }
  return out;
}

const WINDOW = ['--from', '2026-11-10', '--to', '2026-11-16'];

async function report(file: string, ...args: string[]) {
  // No key and no base URL: --db must not need the API.
  return runCli(['report', '--db', file, ...WINDOW, ...args], { env: {} });
}

/** The archive every --by reads (the same events for each): written once, by the first test that needs it. */
let byFixture: { events: ApiEvent[]; file: string } | undefined;
function byArchive(): { events: ApiEvent[]; file: string } {
  if (byFixture) return byFixture;
  const events = [...mail({ n: 300, bounced: 9, complained: 2, opened: 90, clicked: 20 }), ...mail({ n: 200, bounced: 3, dayOffset: 2 })];
  // outside the window: not counted
  events.push({ event_id: 'late', type: 'injection', timestamp: '2026-11-17T00:00:00.000Z' });
  return (byFixture = { events, file: writeArchive(events) });
}

describe('report --db', () => {
  it.each(['day', 'hour', 'type', 'domain', 'provider', 'bounce-class'])('--by %s matches the counts computed from the rows', async (by) => {
    const { events, file } = byArchive();
    const r = await report(file, '--by', by, '--json');
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const inside = events.filter((e) => e.event_id !== 'late');
    expect(countsOf(doc.totals)).toEqual(expectedOf(inside));
    const rows = new Map<string, Record<string, unknown>>(doc.rows.map((row: { key: string }) => [row.key, row]));
    for (const [key, group] of groupBy(by, inside)) expect(countsOf(rows.get(key)!), `row ${key}`).toEqual(expectedOf(group));
    if (by === 'day') expect(doc.rows.map((x: { key: string }) => x.key)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16']);
    expect(doc.source).toEqual({ kind: 'archive', db: file });
  });

  // Exactly at a threshold is the worse side (the table's ranges: "2–5 %" is a warning).
  // No opens or clicks: those rates are not judged by default, so they cannot move the exit.
  it.each([
    ['bounce', { n: 1000, bounced: 19 }, 'healthy'],
    ['bounce', { n: 1000, bounced: 20 }, 'warning'],
    ['bounce', { n: 1000, bounced: 50 }, 'warning'],
    ['bounce', { n: 1000, bounced: 51 }, 'critical'],
    ['complaint', { n: 2000, complained: 1 }, 'healthy'],
    ['complaint', { n: 2000, complained: 2 }, 'warning'],
    ['complaint', { n: 2000, complained: 6 }, 'warning'],
    ['complaint', { n: 2000, complained: 7 }, 'critical'],
  ] as const)('%s with %j is %s, and --fail-on exits 8 exactly when it reaches the level', async (signal, spec, verdict) => {
    const file = writeArchive(mail(spec));
    const warning = await report(file, '--fail-on', 'warning', '--json');
    const critical = await report(file, '--fail-on', 'critical', '--json');
    expect(JSON.parse(warning.stdout).verdicts[signal]).toBe(verdict);
    expect(warning.code, warning.stderr).toBe(verdict === 'healthy' ? 0 : 8);
    expect(critical.code, critical.stderr).toBe(verdict === 'critical' ? 8 : 0);
  });

  it.each([
    ['open', 151, 'healthy'], ['open', 150, 'warning'], ['open', 100, 'warning'], ['open', 99, 'critical'],
    ['click', 21, 'healthy'], ['click', 20, 'warning'], ['click', 10, 'warning'], ['click', 9, 'critical'],
  ] as const)('--judge %s: %i of 1000 delivered is %s', async (signal, k, verdict) => {
    // only the judged signal's events: --judge names the one signal judged
    const spec = signal === 'open' ? { n: 1000, opened: k } : { n: 1000, clicked: k };
    const file = writeArchive(mail(spec));
    const judged = await report(file, '--judge', signal, '--fail-on', 'warning', '--json');
    expect(JSON.parse(judged.stdout).verdicts[signal]).toBe(verdict);
    expect(judged.code).toBe(verdict === 'healthy' ? 0 : 8);
    const critical = await report(file, '--judge', signal, '--fail-on', 'critical');
    expect(critical.code).toBe(verdict === 'critical' ? 8 : 0);
    // not judged by default: shown, but never fails the gate
    const unjudged = await report(file, '--fail-on', 'warning');
    expect(unjudged.code).toBe(0);
  });

  // cli.md "Deliverability report": "`--json`: one object ...; `--csv`: the rows" (a global
  // shortcut for --output csv, as --json and --ndjson are).
  it('--csv prints the rows as CSV with a header, the same as -o csv; with --json it is a usage error', async () => {
    const { file } = byArchive();
    const csv = await report(file, '--csv');
    const long = await report(file, '-o', 'csv');
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe(long.stdout);
    const lines = csv.stdout.trimEnd().split(/\r?\n/);
    expect(lines[0]!.split(',').slice(0, 3)).toEqual(['key', 'events', 'injections']);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16']);
    const listed = await runCli(['events', 'list', '--db', file, '--from', '2026-11-10', '--to', '2026-11-16', '--limit', '2', '--fields', 'event_id,type', '--csv'], { env: {} });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split(/\r?\n/)[0]).toBe('event_id,type');
    const both = await report(file, '--csv', '--json');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--json and --csv cannot be used together/);
  });

  it('a missing archive is a usage error naming the file and the command that creates it', async () => {
    const r = await runCli(['report', '--db', '/nonexistent/events.sqlite'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: no event archive at \/nonexistent\/events.sqlite\n/);
    expect(r.stderr).toContain('mailctl events sync');
  });

  it('--db without a value reads the default archive ($MAILCTL_DB here), as events list --db does', async () => {
    const events = mail({ n: 40, bounced: 3 });
    const file = writeArchive(events);
    const r = await runCli(['report', '--db', ...WINDOW, '--json'], { env: { MAILCTL_DB: file } });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.source).toEqual({ kind: 'archive', db: file });
    expect(doc.totals).toMatchObject({ injections: 40, bounces: 3 });
  });
});

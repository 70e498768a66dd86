// Issue 31, item 4: a server that hands out a fresh next_cursor (and fresh ids) on every page.
// Every walk, not only `events list --all`, stops at total_count plus the same margin: one
// error line, exit 1, a bounded number of requests, and the archive does not fill the disk.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/context.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { newArchivePath } from '../archive/support.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'E4'.repeat(32)}`;
const TOTAL = 100;
/** events list --all's margin: total_count plus max(1,000, 10 %) rows. */
const MARGIN = 1000;
/** Pages of 100 a guarded walk may read: past total + margin it stops. */
const MAX_PAGES = Math.ceil((TOTAL + MARGIN) / 100) + 1;

function endless(): Handler {
  let page = 0;
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url.startsWith('/auth/check')) {
      res.end(JSON.stringify({ message: 'ok', data: { team_id: 1, timestamp: new Date().toISOString() } }));
      return;
    }
    page++;
    const data = Array.from({ length: 100 }, (_, i) => ({
      event_id: `ev-${page}-${i}`,
      type: 'delivery',
      timestamp: new Date(Date.now() - 60_000).toISOString(),
      rcpt_to: `r${i}@example.com`,
    }));
    res.end(JSON.stringify({ message: 'ok', data: { events: { data, total_count: TOTAL, pagination: { next_cursor: `fresh-${page}`, per_page: 100 } } } }));
  };
}

async function against(args: (db: string) => string[]) {
  const server = await scriptedServer([endless()]);
  const db = newArchivePath();
  try {
    const r = await runCliInProcess(args(db), { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    return { r, db, pages: server.seen.filter((q) => q.url.startsWith('/emails/events')).length };
  } finally {
    await server.close();
  }
}

describe('a fresh cursor and fresh ids on every page, total_count 100', () => {
  it('events sync: exit 1 naming total_count, a bounded number of requests, and no more rows than the guard allows', async () => {
    const { r, db, pages } = await against((db) => ['events', 'sync', '--db', db, '--from', '1d']);
    // the sync's notice of what it kept comes first, then the one error line
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.match(/^error: /gm)).toHaveLength(1);
    expect(r.stderr).not.toMatch(/unexpected failure|^\s+at /m);
    expect(r.stderr).toMatch(/total_count says 100: stopped rather than page for ever/);
    expect(pages).toBeLessThanOrEqual(MAX_PAGES);
    const rows = new Database(db, { readonly: true }).prepare('SELECT count(*) AS n FROM events').get() as { n: number };
    expect(rows.n).toBeLessThanOrEqual(TOTAL + MARGIN + 100);
  });

  it('report (from the API): exit 1, no verdict printed as if complete', async () => {
    const { r, pages } = await against(() => ['report', '--from', '1d', '--json']);
    expectCleanFailure(r, 1, 'report');
    expect(r.stderr).toMatch(/total_count says 100/);
    expect(r.stdout).toBe('');
    expect(pages).toBeLessThanOrEqual(MAX_PAGES);
  });

  it('api --paginate: exit 1 once total_count is clearly passed', async () => {
    const { r, pages } = await against(() => ['api', 'GET', '/emails/events', '--query', 'per_page=100', '--paginate', '--ndjson']);
    expectCleanFailure(r, 1, 'api --paginate');
    expect(r.stderr).toMatch(/total_count says 100/);
    expect(pages).toBeLessThanOrEqual(MAX_PAGES);
  });
});

// Item 8 of issue 17: `campaign list --all` while campaigns are created or deleted (page-number
// paging shifts rows). Each campaign is listed once; rows a shift hid are found by reading the
// pages again; when the count still differs from total, stderr says so and the exit is 1.
import { describe, expect, it } from 'vitest';
import { ndjson } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'C8'.repeat(32)}`;
const campaign = (i: number) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `c${i}`, status: 'draft' });

/** A campaign list newest first, 100 per page, that changes after the first request. */
function mutatingList(change: (rows: ReturnType<typeof campaign>[]) => void): Handler {
  let rows = Array.from({ length: 250 }, (_, i) => campaign(250 - i));
  let requests = 0;
  return (req, res) => {
    requests++;
    if (requests === 2) change(rows);
    rows = [...rows];
    const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1');
    const perPage = 100;
    const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      message: 'ok',
      data: { campaigns: rows.slice((page - 1) * perPage, page * perPage), pagination: { total: rows.length, per_page: perPage, current_page: page, last_page: lastPage } },
    }));
  };
}

async function listAll(handler: Handler) {
  const server = await scriptedServer([handler]);
  try {
    const r = await runCli(['campaign', 'list', '--all', '--ndjson'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    return { r, requests: server.seen.length };
  } finally {
    await server.close();
  }
}

describe('campaign list --all while the list changes', () => {
  it('a campaign created mid-export: every campaign once, the new one included, exit 0', async () => {
    const { r, requests } = await listAll(mutatingList((rows) => rows.unshift(campaign(251))));
    expect(r.code, r.stderr).toBe(0);
    const ids = (ndjson(r.stdout) as Array<{ id: string }>).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(251);
    expect(requests).toBe(6); // 3 pages, then 3 again because total moved
  });

  it('a campaign deleted mid-export: the one a shift hid is found, the deleted one was printed: exit 1 saying so', async () => {
    const { r } = await listAll(mutatingList((rows) => rows.splice(0, 1)));
    expectCleanFailure(r, 1, 'deleted mid-export');
    expect(r.stderr).toContain('GET /campaigns changed while it was listed: 250 distinct rows were printed, the API now counts 249');
    const ids = (ndjson(r.stdout) as Array<{ id: string }>).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the row that moved from page 2 to page 1 is not skipped
    expect(ids).toContain(campaign(150).id);
  });

  it('an unchanged list is read once', async () => {
    const { r, requests } = await listAll(mutatingList(() => undefined));
    expect(r.code, r.stderr).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(250);
    expect(requests).toBe(3);
  });
});

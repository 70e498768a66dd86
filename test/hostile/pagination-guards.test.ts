// Item 9 of issue 17: endless pagination. A server that hands out a fresh cursor for the same
// rows is stopped (exit 1, one line) once it has sent clearly more rows than total_count, and no
// row is printed twice; endless empty filtered pages show progress on stderr.
import { describe, expect, it } from 'vitest';
import { ndjson } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'P9'.repeat(32)}`;
const event = (i: number) => ({ event_id: `ev-${i}`, type: 'delivery', timestamp: '2026-03-10T12:00:00Z', recipient: `r${i}@example.com` });

describe('a fresh cursor every page over the same rows', () => {
  it('events list --all: each row once, then exit 1 naming total_count, with a bounded number of requests', async () => {
    let n = 0;
    const handler: Handler = (_req, res) => {
      n++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        message: 'ok',
        data: { events: { data: Array.from({ length: 100 }, (_, i) => event(i)), total_count: 500, pagination: { next_cursor: `c${n}`, per_page: 100 } } },
      }));
    };
    const server = await scriptedServer([handler]);
    try {
      const r = await runCli(['events', 'list', '--all', '--ndjson'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
      expectCleanFailure(r, 1, 'endless cursors');
      expect(r.stderr).toMatch(/total_count says 500: stopped rather than page for ever/);
      const rows = ndjson(r.stdout) as Array<{ event_id: string }>;
      expect(rows).toHaveLength(100);
      expect(new Set(rows.map((e) => e.event_id)).size).toBe(100);
      expect(server.seen.length).toBeLessThanOrEqual(20);
    } finally {
      await server.close();
    }
  });
});

describe('endless empty filtered pages', () => {
  it('campaign events --all says on stderr that it is still scanning', async () => {
    let n = 0;
    const handler: Handler = (_req, res) => {
      n++;
      res.writeHead(200, { 'content-type': 'application/json' });
      // 250 empty pages, then the end
      res.end(JSON.stringify({ message: 'ok', data: { events: [], next_cursor: n < 250 ? `c${n}` : null } }));
    };
    const server = await scriptedServer([handler]);
    try {
      const r = await runCli(['campaign', 'events', '8d4f5c1e-2b3a-4c5d-9e6f-7a8b9c0d1e2f', '--all', '--type', 'click', '--ndjson'], {
        env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(server.seen).toHaveLength(250);
      expect(r.stderr).toContain('still scanning: 100 pages read, 0 matching events so far');
      expect(r.stderr).toContain('still scanning: 200 pages read');
    } finally {
      await server.close();
    }
  });
});

// A page-number listing whose last_page is always one more, with a total that grows with it
// (fresh ids on every page): each page alone is consistent, so only the count the walk began
// with can stop it. Every page-number list of the whole service, and campaign list.
describe('a last_page that is always one more, and a total that grows with it', () => {
  const KEYS: Record<string, string> = {
    'topic list': 'topics',
    'lists list': 'lists',
    'contact list': 'contacts',
    'segment list': 'segments',
    'property list': 'properties',
    'template list': 'templates',
    'project list': 'projects',
    'campaign list': 'campaigns',
  };
  /** One row that every listing's schema takes. */
  const row = (page: number, i: number, numericId: boolean) => ({
    // templates and projects have integer ids (spec 1.2), the audience and campaigns UUIDs
    id: numericId ? page * 1000 + i : `3f2b8c1e-5d4a-4e8b-9c7d-${String(page).padStart(6, '0')}${String(i).padStart(6, '0')}`,
    name: `row ${page}-${i}`,
    slug: `row-${page}-${i}`,
    email: `r${page}x${i}@example.com`,
    status: 'subscribed',
    type: 'string',
    contacts_count: 0,
    sent_count: 0,
    stats: {},
    team_id: 1,
    project_id: 1,
    folder_id: 1,
    active_version: 1,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  });
  it.each(Object.entries(KEYS))('%s --all: exit 1 once past the first total and its margin, a bounded number of requests', async (name, key) => {
    const handler: Handler = (req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? 1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        message: 'ok',
        data: { [key]: Array.from({ length: 100 }, (_, i) => row(page, i, key === 'templates' || key === 'projects')), pagination: { total: (page + 1) * 100, per_page: 100, current_page: page, last_page: page + 1 } },
      }));
    };
    const server = await scriptedServer([handler]);
    try {
      const r = await runCli([...name.split(' '), '--all', '--ndjson'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
      expectCleanFailure(r, 1, name);
      expect(r.stderr).toMatch(/total_count says 200: stopped rather than page for ever/);
      // the first total (200) and its margin (1,000 rows), then the page that crossed it
      expect(server.seen.length).toBeLessThanOrEqual(13);
      const rows = ndjson(r.stdout) as Array<{ id: string | number }>;
      expect(new Set(rows.map((x) => x.id)).size).toBe(rows.length);
    } finally {
      await server.close();
    }
  });
});

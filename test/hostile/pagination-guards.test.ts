// Item 9 of issue 17: endless pagination. A server that hands out a fresh cursor for the same
// rows is stopped (exit 1, one line) once it has sent clearly more rows than total_count, and no
// row is printed twice; endless empty filtered pages show progress on stderr.
import { describe, expect, it } from 'vitest';
import { ndjson, runCli } from '../helpers/cli.js';
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

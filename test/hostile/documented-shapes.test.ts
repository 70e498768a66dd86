// Answers the real service may give that the emulator never does: the vendor's description
// ([OAS] in spec/service-api-rest.md) leaves fields optional or nullable, lets arrays be empty
// and strings be anything, where the emulator always fills them in. Each case is one such
// answer, stated in our own words, and what the command must do with it: succeed, print what
// it got, and ask for nothing more than the answer says exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/context.js';
import { installNetworkGuard } from '../helpers/network-guard.js';
import { scriptedServer, type Handler } from '../helpers/server.js';

installNetworkGuard();

const KEY = `lttr_${'d'.repeat(64)}`;
let server: Awaited<ReturnType<typeof scriptedServer>>;
let answers: Handler[] = [];
/** Index of the first request of the running case: its handlers answer in order from there. */
let first = 0;

beforeAll(async () => {
  server = await scriptedServer([(req, res, i) => answers[Math.min(i - first, answers.length - 1)]!(req, res, i)]);
});
afterAll(async () => {
  await server.close();
});

const reply =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

async function run(args: string[], ...handlers: Handler[]) {
  first = server.seen.length;
  answers = handlers;
  const r = await runCliInProcess(args, { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
  return { ...r, requests: server.seen.slice(first).map((s) => `${s.method} ${s.url}`) };
}

/** One sent email as GET /emails lists it (spec 2.2: only the ids, the type and the time are always there). */
const SENT = { event_id: 'ev-1', type: 'injection', timestamp: '2026-11-20T09:00:00.250+01:00', request_id: '4829301758203345', rcpt_to: 'ann@example.com' };

describe('GET /emails (spec 2.3): the pagination object may leave its keys out', () => {
  const page = (pagination: object) => ({
    message: 'ok',
    data: { events: { data: [SENT], total_count: 1, from: '2026-11-16T00:00:00+00:00', to: '2026-11-26T00:00:00+00:00', pagination } },
  });
  for (const [name, pagination] of [
    ['an empty pagination object', {}],
    ['per_page without next_cursor', { per_page: 25 }],
  ] as const) {
    it(`${name} is the last page, in every format and with --all`, async () => {
      for (const format of ['table', 'json', 'ndjson', 'csv']) {
        const r = await run(['email', 'list', '-o', format], reply(200, page(pagination)));
        expect(r.code, `${format}: ${r.stderr}`).toBe(0);
        expect(r.stdout).toContain('4829301758203345');
        expect(r.stderr).not.toMatch(/unexpected response|Next page/);
        expect(r.requests).toHaveLength(1);
      }
      const all = await run(['email', 'list', '--all', '--ndjson'], reply(200, page(pagination)));
      expect(all.code, all.stderr).toBe(0);
      expect(all.stdout.trim().split('\n').map((l) => JSON.parse(l).event_id)).toEqual(['ev-1']);
      expect(all.requests).toEqual([expect.stringMatching(/^GET \/emails\?/)]);
    });
  }
});

describe('segments (spec 2.14): a condition on is_true or is_false may leave its value out', () => {
  const SEGMENT = {
    id: '5a0c2e4f-6b8d-4a1c-9e3f-7b5d9c1a3e50',
    name: 'Active',
    condition_groups: [{ conditions: [{ field: 'active', operator: 'is_true' }, { field: 'email', operator: 'ends_with', value: '@example.com' }] }],
  };
  const cases: Array<[string, string[], Handler]> = [
    ['segment show', ['segment', 'show', SEGMENT.id], reply(200, { message: 'ok', data: SEGMENT })],
    ['segment list', ['segment', 'list'], reply(200, { message: 'ok', data: { segments: [SEGMENT], pagination: { total: 1, per_page: 20, current_page: 1, last_page: 1 } } })],
    ['segment update', ['segment', 'update', SEGMENT.id, '--name', 'Active'], reply(200, { message: 'ok', data: SEGMENT })],
    ['segment create', ['segment', 'create', '--name', 'Active', '--where', 'active is_true'], reply(201, { message: 'ok', data: SEGMENT })],
  ];
  for (const [name, args, answer] of cases) {
    it(`${name} prints the condition as it came, in every format`, async () => {
      for (const format of ['table', 'json', 'ndjson', 'csv']) {
        const r = await run([...args, '-o', format], answer);
        expect(r.code, `${format}: ${r.stderr}`).toBe(0);
        expect(r.stderr).not.toContain('unexpected response');
        expect(r.stdout).not.toMatch(/undefined|\[object Object\]/);
        expect(r.stdout).toContain('is_true');
        if (format === 'table') expect(r.stdout).toContain('active is_true OR email ends_with "@example.com"');
        expect(r.requests).toHaveLength(1);
      }
    });
  }
});

describe('webhooks (spec 2.10): event_types may be absent, as the last_* fields may', () => {
  /** Only the keys the vendor's description marks as always there. */
  const HOOK = { id: 'webhook-7f3a', name: 'Bounces', url: 'https://hooks.example.com/in', enabled: true, auth_type: 'none', has_auth_credentials: false };
  const cases: Array<[string, string[], Handler]> = [
    ['webhook list', ['webhook', 'list'], reply(200, { message: 'ok', data: { webhooks: [HOOK] } })],
    ['webhook show', ['webhook', 'show', HOOK.id], reply(200, { message: 'ok', data: HOOK })],
    ['webhook create', ['webhook', 'create', '--name', HOOK.name, '--url', HOOK.url], reply(201, { message: 'ok', data: HOOK })],
    ['webhook set', ['webhook', 'set', HOOK.id, '--name', HOOK.name], reply(200, { message: 'ok', data: HOOK })],
  ];
  for (const [name, args, answer] of cases) {
    it(`${name} prints the webhook without saying it receives all events, in every format`, async () => {
      for (const format of ['table', 'json', 'ndjson', 'csv']) {
        const r = await run([...args, '-o', format], answer);
        expect(r.code, `${format}: ${r.stderr}`).toBe(0);
        expect(r.stderr).not.toContain('unexpected response');
        expect(r.stdout).toContain(HOOK.url);
        expect(r.stdout).not.toMatch(/undefined|\ball\b/);
        expect(r.requests).toHaveLength(1);
      }
    });
  }
  it('doctor passes its webhook check on such a list', async () => {
    const r = await run(
      ['doctor', '--json'],
      (req, res) => {
        const body = req.url.startsWith('/webhooks') ? { message: 'ok', data: { webhooks: [HOOK] } }
          : req.url.startsWith('/domains') ? { message: 'ok', data: { domains: [] } }
          : req.url.startsWith('/auth') ? { message: 'ok', data: { team_id: 7, timestamp: '2026-11-26T10:00:00+00:00' } }
          : { message: 'ok', data: { status: 'ok', timestamp: '2026-11-26T10:00:00+00:00' } };
        reply(200, body)(req, res, 0);
      },
    );
    const webhooks = JSON.parse(r.stdout).checks.find((c: { name: string }) => c.name === 'webhooks');
    expect(webhooks, r.stdout).toMatchObject({ ok: true });
    expect(r.requests).toContain('GET /webhooks');
  });
});

describe('GET /audience/lists (spec 2.12): an empty list may say last_page 0', () => {
  it('is an empty listing, not "page 1 is past the last page (0)"', async () => {
    const empty = { message: 'ok', data: { lists: [], pagination: { total: 0, per_page: 20, current_page: 1, last_page: 0 } } };
    for (const args of [['lists', 'list'], ['lists', 'list', '--all', '--json']]) {
      const r = await run(args, reply(200, empty));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('past the last page');
      expect(r.requests).toHaveLength(1);
    }
  });
});

// Malformed answers: what a proxy, a half-dead server or a hostile endpoint can
// send instead of the API's JSON. Every one must end in one clear error line,
// exit 1, no crash, no stack trace, and nothing half-written on stdout.
// Everything runs in-process (helpers/context.ts, with the in-process network
// guard); a run that could loop for ever is watched, and aborted (as Ctrl-C
// would) once it prints far more rows than exist.
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { ndjson, tempDir, type CliResult } from '../helpers/cli.js';
import { runCliInProcess as runCli, runInProcess, testContext } from '../helpers/context.js';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { blockedHosts, installNetworkGuard } from '../helpers/network-guard.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';

const KEY = `live_${'m'.repeat(64)}`;
const CAMPAIGN = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
let server: Awaited<ReturnType<typeof scriptedServer>>;
let next: Handler = () => undefined;
/** Bytes the streaming handler managed to send before the client hung up. */
let streamed = 0;

beforeAll(async () => {
  server = await scriptedServer([(req, res, i) => next(req, res, i)]);
});
afterAll(async () => {
  await server.close();
  expect(blockedHosts, 'connections that left loopback').toEqual([]);
});
installNetworkGuard();

/**
 * `mailctl ARGS` against the scripted server, in-process; aborted once stdout holds
 * more than `limit` lines (`signal` is then 'SIGKILL': the tests' check that it is null fails, as for a killed process).
 */
async function watchedRun(args: string[], limit: number): Promise<CliResult> {
  const tc = await testContext({ emulator: false, key: null, env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
  let killed = false;
  const watch = setInterval(() => {
    if (!killed && tc.stdout().split('\n').length - 1 > limit) {
      killed = true;
      tc.abort(new errors.InterruptedError());
    }
  }, 1);
  try {
    const code = await runArgv(['node', 'mailctl', ...args], tc.runtime, errors);
    return { code, signal: killed ? 'SIGKILL' : null, stdout: tc.stdout(), stderr: tc.stderr() };
  } finally {
    clearInterval(watch);
    await tc.close();
  }
}

const answer =
  (status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Handler =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** 100 MB of a JSON-looking body, written 1 MiB at a time as the client reads it: never held in memory. */
function huge(declareLength: boolean): Handler {
  return (_req, res: ServerResponse) => {
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(total) } : {}) });
    res.write('{"message":"ok","data":{"webhooks":[');
    streamed = 0;
    let closed = false;
    res.on('close', () => (closed = true));
    const pump = () => {
      while (!closed && streamed < total) {
        streamed += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!closed) res.end(']}}');
    };
    pump();
  };
}

const COMMANDS: Record<string, string[]> = {
  'webhook list': ['webhook', 'list'],
  'campaign show': ['campaign', 'show', CAMPAIGN],
  'events list': ['events', 'list', '--all'],
  // the reads of the whole service (cli.md "The whole service"): the same guards, whatever the pagination style
  'email list': ['email', 'list', '--all'],
  'email scheduled': ['email', 'scheduled', '9319750802277298'],
  'domain list': ['domain', 'list'],
  'domain show': ['domain', 'show', 'acme.example'],
  'template list': ['template', 'list', '--all'],
  'template show': ['template', 'show', 'welcome-email'],
  'template show --html': ['template', 'show', 'welcome-email', '--html'],
  'template tags': ['template', 'tags', 'welcome-email'],
  'project list': ['project', 'list'],
  'lists list': ['lists', 'list', '--all'],
  'lists show': ['lists', 'show', CAMPAIGN],
  'contact list': ['contact', 'list'],
  'contact show': ['contact', 'show', CAMPAIGN],
  'topic list': ['topic', 'list'],
  'topic show': ['topic', 'show', CAMPAIGN],
  'property list': ['property', 'list'],
  'property show': ['property', 'show', CAMPAIGN],
  'segment list': ['segment', 'list', '--all'],
  'segment show': ['segment', 'show', CAMPAIGN],
  'webhook show': ['webhook', 'show', 'webhook-abc123'],
};

const ANSWERS: Array<{ name: string; handler: () => Handler; message: RegExp }> = [
  {
    name: 'an HTML 502 page from a proxy',
    handler: () =>
      answer(502, '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>', { 'content-type': 'text/html' }),
    message: /^error: HTTP 502: the server answered with an HTML page "502 Bad Gateway", not JSON/,
  },
  { name: 'an empty 200', handler: () => answer(200, ''), message: /^error: unexpected response from GET \S+: HTTP 200 with an empty body/ },
  { name: 'JSON without data', handler: () => answer(200, '{"message":"ok"}'), message: /^error: unexpected response from GET \S+: data\S* missing/ },
  { name: 'data of the wrong shape', handler: () => answer(200, '{"message":"ok","data":"nope"}'), message: /^error: unexpected response from GET \S+: data/ },
  { name: 'a JSON array instead of an object', handler: () => answer(200, '[1,2,3]'), message: /^error: unexpected response from GET / },
  {
    name: 'truncated JSON',
    handler: () => answer(200, '{"message":"ok","data":{"webhooks":[{"id":"wh_1","na'),
    message: /^error: unexpected response from GET \S+: HTTP 200 with a truncated or malformed JSON body/,
  },
  {
    name: 'binary garbage',
    handler: () => answer(200, '\u0089PNG\r\n\u001a\n\u0000\u0000\u001b[2J', { 'content-type': 'image/png' }),
    message: /^error: unexpected response from GET \S+: HTTP 200 with a non-JSON body: "\\x89PNG/,
  },
  {
    name: 'a 500 with a truncated JSON error body',
    handler: () => answer(500, '{"message":"An unexpected err'),
    message: /^error: HTTP 500: the server answered with a truncated or malformed JSON body/,
  },
  // a redirect is not followed (docs/reliability.md): the error says where the server wanted to go
  {
    name: 'a redirect to another host',
    handler: () => answer(302, '', { location: 'http://203.0.113.7/api/elsewhere' }),
    message: /^error: HTTP 302: the server redirects to http:\/\/203\.0\.113\.7\/api\/elsewhere, and mailctl does not follow redirects/,
  },
  { name: '100 MB with Content-Length', handler: () => huge(true), message: /^error: the response is larger than 16 MiB; refusing to read it/ },
  { name: '100 MB chunked', handler: () => huge(false), message: /^error: the response is larger than 16 MiB; refusing to read it/ },
];

describe.each(Object.entries(COMMANDS))('malformed answers to %s: one clear error, exit 1, no crash', (_name, args) => {
  for (const a of ANSWERS) {
    it(a.name, async () => {
      next = a.handler();
      const before = server.seen.length;
      const r = await runCli([...args, '--retries', '0', '--json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
      expectCleanFailure(r, 1, a.name);
      expect(r.stderr.split('\n')[0]).toMatch(a.message);
      // --json: the error is also one JSON object on stderr, and stdout holds nothing but valid JSON
      const last = JSON.parse(r.stderr.trim().split('\n').pop()!);
      expect(last.error.exit_code).toBe(1);
      if (r.stdout !== '') expect(() => JSON.parse(r.stdout)).not.toThrow();
      expect(server.seen.length - before).toBe(1);
      if (a.name.startsWith('100 MB')) expect(streamed).toBeLessThan(100 * 1024 * 1024);
      // a body whose Content-Length is over the cap is refused before a byte of it is read
      if (a.name === '100 MB with Content-Length') expect(streamed).toBeLessThan(16 * 1024 * 1024);
    });
  }
});

// A write the server answered 2xx whose answer cannot be read: the server said it took the
// change, so the error must not read like a failure to apply it (a re-run would make a second
// topic, or send a second email). It says the change was most likely applied and to check first,
// and nothing is sent again.
const HTML_FILE = join(tempDir('mailctl-malformed-'), 'body.html');
writeFileSync(HTML_FILE, '<p>Hi <a href="{{unsubscribe_url}}">unsubscribe</a></p>');

const WRITES: Record<string, string[]> = {
  'topic create': ['topic', 'create', '--name', 'News'],
  'property create': ['property', 'create', '--name', 'plan', '--type', 'string'],
  'lists create': ['lists', 'create', '--name', 'VIP'],
  'lists update': ['lists', 'update', CAMPAIGN, '--name', 'VIP'],
  'lists add': ['lists', 'add', CAMPAIGN, '--contact', CAMPAIGN],
  'contact create': ['contact', 'create', '--email', 'new@example.com'],
  'contact update': ['contact', 'update', CAMPAIGN, '--email', 'new@example.com'],
  'contact subscribe': ['contact', 'subscribe', CAMPAIGN, '--topic', CAMPAIGN],
  'segment create': ['segment', 'create', '--name', 'Gmail', '--where', 'email contains gmail'],
  'segment update': ['segment', 'update', CAMPAIGN, '--name', 'Gmail'],
  'domain add': ['domain', 'add', 'new.example'],
  'domain verify': ['domain', 'verify', 'acme.example'],
  'template create': ['template', 'create', '--name', 'Welcome', '--html', HTML_FILE],
  'template update': ['template', 'update', 'welcome', '--name', 'Welcome'],
  'webhook create': ['webhook', 'create', '--name', 'Hook', '--url', 'https://example.com/hook'],
  'webhook set': ['webhook', 'set', 'webhook-abc123', '--name', 'Hook'],
  'topic update': ['topic', 'update', CAMPAIGN, '--name', 'News'],
  'campaign schedule': ['campaign', 'schedule', CAMPAIGN, '--at', '+2d'],
  'campaign send': ['campaign', 'send', CAMPAIGN, '--yes'],
  'email send': ['email', 'send', '--to', 'a@example.com', '--from', 'me@acme.example', '--subject', 'Hi', '--html', HTML_FILE],
};

/** Writes the server received since `before` (template update reads the template first). */
const writesSince = (before: number) => server.seen.slice(before).filter((q) => q.method !== 'GET').length;

const UNREADABLE: Array<{ name: string; handler: () => Handler }> = [
  { name: 'an empty 200', handler: () => answer(200, '') },
  { name: 'truncated JSON in a 201', handler: () => answer(201, '{"message":"Created.","data":{"id":"3f2b8c1e-5d4a') },
  { name: 'an HTML page with 200', handler: () => answer(200, '<html><title>Welcome</title></html>', { 'content-type': 'text/html' }) },
  { name: 'a 200 of 100 MB', handler: () => huge(false) },
];

describe.each(Object.entries(WRITES))('%s answered 2xx with an answer that cannot be read', (name, args) => {
  for (const a of UNREADABLE) {
    it(`${a.name}: exit 1, says it was most likely applied and to check, sends it once`, async () => {
      next = a.handler();
      const before = server.seen.length;
      // -o json: template create|update take their own --json FILE (cli.md)
      const r = await runCli([...args, '-o', 'json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
      expectCleanFailure(r, 1, `${name}: ${a.name}`);
      expect(r.stderr).toMatch(/^ {2}the (POST|PATCH|PUT) was answered HTTP 20[01], so it was most likely applied; only its answer could not be read$/m);
      expect(r.stderr).toMatch(/^hint: .*check/m);
      expect(r.stderr).not.toMatch(/nothing was changed|was not applied/);
      expect(r.stdout).toBe('');
      expect(writesSince(before)).toBe(1);
    });
  }
});

// The same when the answer is JSON of another shape: parsed, then refused by the command's schema.
describe.each(['topic create', 'lists create', 'domain add', 'webhook create', 'template create', 'email send'])('%s answered 200 with data of another shape', (name) => {
  it('exit 1 naming the field, says it was most likely applied, sends it once', async () => {
    next = answer(200, '{"message":"ok","data":{"id":7,"name":["x"],"accepted":"1","request_id":3,"domain":false,"slug":1}}');
    const before = server.seen.length;
    const r = await runCli([...WRITES[name]!, '-o', 'json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    expectCleanFailure(r, 1, name);
    expect(r.stderr).toMatch(/^error: (the email may have been sent: )?unexpected response from POST \S+: data\./);
    expect(r.stderr).toMatch(/^ {2}the POST was answered with success, so it was most likely applied; only its answer could not be read$/m);
    expect(r.stderr).not.toMatch(/nothing was changed|was not applied/);
    expect(r.stdout).toBe('');
    expect(writesSince(before)).toBe(1);
  });
});

describe('contact import whose first request is answered 200 with an empty body', () => {
  it('says the request may have been applied, not that nothing was imported, and how to finish', async () => {
    const file = join(tempDir('mailctl-malformed-'), 'contacts.csv');
    writeFileSync(file, 'email\na1@example.com\na2@example.com\n');
    next = answer(200, '');
    const before = server.seen.length;
    const r = await runCli(['contact', 'import', file], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    expectCleanFailure({ ...r, stderr: r.stderr.slice(r.stderr.indexOf('error: ')) }, 1, 'import');
    expect(r.stderr).toContain('no request was confirmed\nthe request with addresses 1-2 may or may not have been applied\n');
    expect(r.stderr).not.toContain('nothing was imported');
    expect(r.stderr).toContain(`mailctl contact import ${file} --skip 0`);
    expect(writesSince(before)).toBe(1);
  });
});

// Well-formed answers with hostile text in them: a name or message carrying
// terminal escape sequences (clear screen, set the window title, hyperlinks),
// shown on a terminal. The data stays as sent in JSON and pipes (it is data),
// but what reaches a terminal must not be able to drive it.
describe('hostile text inside valid answers, shown on a terminal', () => {
  const EVIL = 'Spring\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example/\u001b\\sale\u009b31m';
  let emu: import('../../src/emulator/index.js').Emulator;

  beforeAll(async () => {
    const { startEmulator } = await import('../../src/emulator/index.js');
    emu = await startEmulator({ seed: 41, events: 20 });
    const team = emu.store.teams.main;
    team.campaigns.get(emu.fixtures.campaigns.scheduled)!.name = EVIL;
    team.webhooks.get(emu.fixtures.webhooks[0]!)!.name = EVIL;
  });
  afterAll(async () => {
    await emu.close();
  });

  /**
   * What the terminal shows for `mailctl ARGS` (stdout and stderr both on it): in-process,
   * both streams a terminal (TERM=xterm); the real pseudo-terminal is test/terminal's.
   */
  const onTty = async (_t: TestContext, args: string[]) => {
    const r = await runInProcess(args, { emulator: emu, stdoutIsTTY: true, stderrIsTTY: true, env: { TERM: 'xterm' } });
    return r.stdout + r.stderr;
  };

  /** What is left once mailctl's own colours (SGR) are taken out: no control character may remain. */
  const controls = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r\n/g, '\n').match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g) ?? [];

  it.for([
    ['campaign show', () => ['campaign', 'show', emu.fixtures.campaigns.scheduled, '-q']],
    ['campaign list', () => ['campaign', 'list', '--status', 'scheduled', '-q']],
    ['webhook list', () => ['webhook', 'list', '-q']],
  ] as const)('%s: the name is shown with its escapes made visible', async ([, args], t) => {
    const out = await onTty(t, args());
    expect(out).toContain('Spring');
    expect(controls(out)).toEqual([]);
  });

  it('a notice carrying the API message is made harmless too', async (t) => {
    emu.scriptFault({ method: 'POST', status: 200, body: JSON.stringify({ message: `Scheduled.${EVIL}` }), times: 1 });
    const out = await onTty(t, ['campaign', 'schedule', emu.fixtures.campaigns.draft, '--at', '+2d']);
    expect(out).toContain('Scheduled.');
    expect(controls(out)).toEqual([]);
  });

  it('json and pipes keep the data exactly as the API sent it', async () => {
    const r = await runCli(['campaign', 'show', emu.fixtures.campaigns.scheduled, '--json'], { env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe(EVIL);
  });
});

// A server whose next_cursor comes back to one it gave before (A → B → A …):
// following it would print the same rows for ever. The listing must stop,
// print each row once, and fail loudly (exit 1) since it cannot be complete.
describe('a next_cursor that loops', () => {
  /** Runs the listing; kills it (and so fails the test) if it prints far more rows than exist. */
  async function listing(args: string[], pages: Record<string, { rows: unknown[]; next: string | null }>, body: (page: { rows: unknown[]; next: string | null }) => unknown) {
    next = (req, res) => {
      const cursor = new URL(req.url, 'http://x').searchParams.get('cursor') ?? '';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body(pages[cursor]!)));
    };
    return watchedRun(args, 100);
  }

  const events = (ids: string[]) => ids.map((id) => ({ event_id: id, type: 'delivery', timestamp: '2026-11-20T10:00:00.000Z' }));
  const PAGES = {
    '': { rows: events(['e1', 'e2']), next: 'A' },
    A: { rows: events(['e3']), next: 'B' },
    B: { rows: events(['e4']), next: 'A' },
  };

  it('events list --all: each event once, then exit 1 saying the listing stopped', async () => {
    const r = await listing(['events', 'list', '--all', '--ndjson'], PAGES, (p) => ({
      message: 'ok',
      data: { events: { data: p.rows, total_count: 4, from: null, to: null, pagination: { next_cursor: p.next, per_page: 100 } } },
    }));
    expect(r.signal).toBeNull();
    expectCleanFailure(r, 1);
    expect(ndjson(r.stdout).map((e) => (e as { event_id: string }).event_id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(r.stderr).toMatch(/^error: .*cursor "A".*again/);
  });

  it('campaign events --all: each event once, then exit 1 saying the listing stopped', async () => {
    const r = await listing(['campaign', 'events', CAMPAIGN, '--all', '--ndjson'], PAGES, (p) => ({
      message: 'ok',
      data: { events: (p.rows as Array<{ event_id: string }>).map((e) => ({ event_id: e.event_id, event_type: 'delivery', email: 'a@example.com', timestamp: '2026-11-20T10:00:00+00:00' })), next_cursor: p.next },
    }));
    expect(r.signal).toBeNull();
    expectCleanFailure(r, 1);
    expect(ndjson(r.stdout).map((e) => (e as { event_id: string }).event_id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(r.stderr).toMatch(/^error: .*cursor "A".*again/);
  });

  it('api --paginate: each event once, then exit 1 like every other listing', async () => {
    const r = await listing(['api', 'GET', '/emails/events', '--paginate', '--ndjson'], PAGES, (p) => ({
      message: 'ok',
      data: { events: { data: p.rows, total_count: 4, pagination: { next_cursor: p.next, per_page: 100 } } },
    }));
    expect(r.signal).toBeNull();
    expectCleanFailure(r, 1);
    expect(ndjson(r.stdout).map((e) => (e as { event_id: string }).event_id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(r.stderr).toMatch(/^error: GET \/emails\/events .*cursor "A".*again/);
  });
});

describe('a server that ignores the page asked for', () => {
  it('campaign list --all: page 1 once, then exit 1 saying which page came back', async () => {
    const campaign = { id: CAMPAIGN, name: 'Only', status: 'draft', sent_count: 0, created_at: '2026-11-01T00:00:00Z', stats: {} };
    next = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'ok', data: { campaigns: [campaign], pagination: { total: 3, per_page: 1, current_page: 1, last_page: 3 } } }));
    };
    const before = server.seen.length;
    const r = await watchedRun(['campaign', 'list', '--all', '--ndjson'], 50);
    expect(r.signal).toBeNull();
    expectCleanFailure(r, 1);
    expect(ndjson(r.stdout)).toHaveLength(1);
    expect(server.seen.length - before).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: GET \/campaigns answered page 1 when asked for page 2/);
  });
  // A server that answers page 1 to every page asked for must not make
  // `api --paginate` print page 1 for ever: it checks the page that came back.
  it('api GET /campaigns --paginate: stops instead of printing page 1 for ever', async () => {
    const campaign = { id: CAMPAIGN, name: 'Only', status: 'draft' };
    next = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'ok', data: { campaigns: [campaign], pagination: { total: 3, per_page: 1, current_page: 1, last_page: 3 } } }));
    };
    const r = await watchedRun(['api', 'GET', '/campaigns', '--paginate', '--ndjson'], 50);
    expect(r.signal).toBeNull();
    expect(ndjson(r.stdout)).toHaveLength(1);
  });
});

describe('a body that trickles in slower than --timeout', () => {
  it('exit 7 naming the URL: the timeout covers the whole answer, not just its headers', async () => {
    next = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"message":"ok",');
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    };
    const r = await runCli(['webhook', 'list', '--timeout', '600ms', '--retries', '0'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY } });
    expectCleanFailure(r, 7);
    expect(r.stderr.split('\n')[0]).toBe(`error: GET ${server.baseUrl}/webhooks: timed out after 600 ms`);
  });
});

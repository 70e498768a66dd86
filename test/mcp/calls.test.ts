// Tool calls against the emulator, in-process with the SDK's own client: a read returns
// exactly what `--json` prints, writes and deletes send nothing without confirm and exactly
// one request with it, listings stop at 1000 rows, failures are the CLI's JSON error object.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { connect, notes, text, type Connected } from './support.js';
import { writeArchive } from '../report/fixtures.js';

const emu = useEmulator({ events: 1500 });
let c: Connected;
let topicId: string;

beforeAll(async () => {
  c = await connect({ emulator: emu });
  const topics = JSON.parse((await runInProcess(['topic', 'list', '--json'], { emulator: emu })).stdout) as { id: string }[];
  topicId = topics[0]!.id;
  emu.clearRequests();
});
afterAll(() => c.close());

const sent = () => emu.requests.map((r) => `${r.method} ${r.path}`);

describe('read tools', () => {
  it('topic_show returns exactly what `topic show --json` prints, as text and as structured content', async () => {
    const cli = await runInProcess(['topic', 'show', topicId, '--json'], { emulator: emu });
    emu.clearRequests();
    const r = await c.call('topic_show', { topic_id: topicId });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toBe(cli.stdout);
    expect(r.structuredContent).toEqual(JSON.parse(cli.stdout));
    expect(sent()).toEqual([`GET /audience/topics/${topicId}`]);
  });

  it('topic_list returns what `topic list --json --limit 1000` prints (a listing always runs capped)', async () => {
    const cli = await runInProcess(['topic', 'list', '--json', '--limit', '1000'], { emulator: emu });
    const cliRequests = sent();
    emu.clearRequests();
    const r = await c.call('topic_list');
    expect(r.isError).toBeFalsy();
    expect(text(r)).toBe(cli.stdout);
    expect(sent()).toEqual(cliRequests);
  });

  it('events_list stops at 1000 rows without a limit, and says so', async () => {
    const r = await c.call('events_list');
    expect(JSON.parse(text(r))).toHaveLength(1000);
    expect(notes(r)).toMatch(/stopped at 1000 rows/);
  });

  // cli.md: "flags by their long names in snake_case"; "listings capped at 1,000 rows per call"
  it('events_list takes all: true (the --all flag) and still stops at 1000 rows', async () => {
    emu.clearRequests();
    const r = await c.call('events_list', { all: true });
    expect(r.isError).toBeFalsy();
    expect(JSON.parse(text(r))).toHaveLength(1000);
    expect(notes(r)).toMatch(/stopped at 1000 rows/);
    expect(sent().every((s) => s === 'GET /emails/events')).toBe(true);
  });

  it('events_list caps a larger limit at 1000 and says it was capped; a smaller one is kept', async () => {
    const big = await c.call('events_list', { limit: 5000 });
    expect(JSON.parse(text(big))).toHaveLength(1000);
    expect(notes(big)).toMatch(/limit 5000 was capped at 1000/);
    const small = await c.call('events_list', { limit: 7, events: ['delivery'] });
    const rows = JSON.parse(text(small)) as { type: string }[];
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((e) => e.type))).toEqual(new Set(['delivery']));
    expect(notes(small)).not.toMatch(/capped|stopped/);
  });
});

// docs/agents.md: "When a call stops at the cap, the note says there may be more, with the
// cursor or page to go on from", for page-numbered listings as for cursor ones.
describe('the cap of a page-numbered listing', () => {
  const many = useEmulator({ contacts: 1150, events: 0 });

  it('contact_list stops at 1000 rows and names the page to go on from; that page lists the rest', async () => {
    const m = await connect({ emulator: many });
    try {
      const first = await m.call('contact_list');
      expect(JSON.parse(text(first))).toHaveLength(1000);
      expect(notes(first)).toMatch(/^Stopped at --limit 1000 \(1150 in total\)\. The next 1000:\n {2}mailctl contact list --limit 1000 --page 11 /m);
      expect(notes(first)).toMatch(/stopped at 1000 rows/);
      const rest = await m.call('contact_list', { page: 11 });
      const ids = (r: typeof first) => (JSON.parse(text(r)) as { id: string }[]).map((c) => c.id);
      expect(ids(rest)).toHaveLength(150);
      expect(new Set([...ids(first), ...ids(rest)]).size).toBe(1150);
      expect(notes(rest)).not.toMatch(/Stopped|stopped/);
    } finally {
      await m.close();
    }
  });

  it('contact_list with all: true stops at the cap the same way, naming the page to go on from', async () => {
    const m = await connect({ emulator: many });
    try {
      const first = await m.call('contact_list', { all: true });
      expect(JSON.parse(text(first))).toHaveLength(1000);
      expect(notes(first)).toMatch(/^Stopped at --limit 1000 \(1150 in total\)\. The next 1000:\n {2}mailctl contact list --limit 1000 --page 11 /m);
    } finally {
      await m.close();
    }
  });
});

describe('one call at a time', () => {
  it('calls sent together run in the order they came, the second after the first has finished', async () => {
    const [events, topics] = await Promise.all([c.call('events_list', { limit: 500 }), c.call('topic_list')]);
    expect(JSON.parse(text(events))).toHaveLength(500);
    expect(topics.isError).toBeFalsy();
    const paths = emu.requests.map((r) => r.path);
    expect(paths.filter((p) => p === '/emails/events').length).toBeGreaterThan(1);
    expect(paths.lastIndexOf('/emails/events')).toBeLessThan(paths.indexOf('/audience/topics'));
  });
});

// MCP notifications/cancelled: the client gives up on a call; the server stops its command
// (as Ctrl-C stops it on a terminal) instead of running it to the end while later calls wait.
describe('cancellation', () => {
  const eventPages = () => emu.requests.filter((r) => r.path === '/emails/events').length;
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => done() && (clearInterval(timer), resolve()), 2);
    });

  it('a cancelled call stops its command: no page after the one it waits on, and the next call runs', async () => {
    // the second page is held back: the listing waits on it until the call is cancelled
    emu.scriptFault({ method: 'GET', path: '/emails/events', skip: 1, delayMs: 600_000 });
    const stop = new AbortController();
    const listing = c.client.callTool({ name: 'events_list', arguments: { per_page: 10 } }, undefined, { signal: stop.signal });
    await until(() => eventPages() >= 2);
    stop.abort('enough');
    await expect(listing).rejects.toThrow(/enough/);
    const next = await c.call('topic_list');
    expect(next.isError, text(next)).toBeFalsy();
    expect(eventPages()).toBe(2);
    expect(sent().at(-1)).toBe('GET /audience/topics');
  });

  it('a call cancelled while it waits for its turn never runs', async () => {
    emu.scriptFault({ method: 'GET', path: '/emails/events', delayMs: 600_000 });
    const first = new AbortController();
    const second = new AbortController();
    const running = c.client.callTool({ name: 'events_list', arguments: { per_page: 10 } }, undefined, { signal: first.signal });
    const waiting = c.client.callTool({ name: 'topic_list', arguments: {} }, undefined, { signal: second.signal });
    await until(() => eventPages() >= 1);
    second.abort('not needed');
    await expect(waiting).rejects.toThrow(/not needed/);
    first.abort('enough');
    await expect(running).rejects.toThrow(/enough/);
    expect((await c.call('webhook_list')).isError).toBeFalsy();
    expect(sent()).toEqual(['GET /emails/events', 'GET /webhooks']);
  });
});

// MCP basic/utilities/progress: a call whose _meta has a progressToken may get
// notifications/progress, each with a greater `progress`: here a step per request its command
// sends, each held until the next one comes (or a while passes), the last one dropped: the SDK's
// client drops a step it reads together with the result, and logs an error for it
describe('progress', () => {
  type Step = { progress: number; message?: string };
  const NEVER = 600_000;
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const timer = setInterval(() => done() && (clearInterval(timer), resolve()), 2);
    });

  it('a step for each request but the last, rising, before the result; the key never in one; none without a progressToken', async () => {
    const p = await connect({ emulator: emu, progressHoldMs: NEVER });
    try {
      const steps: Step[] = [];
      const r = await p.client.callTool({ name: 'events_list', arguments: { limit: 250, per_page: 100 } }, undefined, { onprogress: (s) => steps.push(s) });
      expect(r.isError).toBeFalsy();
      expect(sent()).toEqual(['GET /emails/events', 'GET /emails/events', 'GET /emails/events']);
      expect(steps.map((s) => s.progress)).toEqual([1, 2]);
      for (const s of steps) expect(s.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/emails\/events\?\S+ 200 \d+ms attempt 1\/\d+$/);
      expect(steps[1]!.message).toMatch(/cursor=/);
      expect(JSON.stringify(steps)).not.toContain(emu.keys.full);
      const quiet: unknown[] = [];
      p.client.fallbackNotificationHandler = async (n) => void quiet.push(n);
      await p.call('events_list', { limit: 250, per_page: 100 });
      expect(quiet).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('a 429 and the wait before its retry are a step', async () => {
    const p = await connect({ emulator: emu, progressHoldMs: NEVER });
    try {
      emu.scriptFault({ method: 'GET', path: '/webhooks', status: 429, headers: { 'retry-after': '0' }, times: 1 });
      const steps: Step[] = [];
      const r = await p.client.callTool({ name: 'webhook_list', arguments: {} }, undefined, { onprogress: (s) => steps.push(s) });
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect(steps).toEqual([{ progress: 1, message: expect.stringMatching(/^GET http:\S+\/webhooks 429 \d+ms attempt 1\/\d+, retrying in /) }]);
    } finally {
      await p.close();
    }
  });

  it('a step goes on its own once held long enough: a call waiting on a slow page shows it is alive', async () => {
    const p = await connect({ emulator: emu, progressHoldMs: 0 });
    try {
      emu.scriptFault({ method: 'GET', path: '/emails/events', skip: 1, delayMs: NEVER });
      const stop = new AbortController();
      const steps: Step[] = [];
      const listing = p.client.callTool({ name: 'events_list', arguments: { per_page: 10 } }, undefined, { signal: stop.signal, onprogress: (s) => steps.push(s) });
      // the held page's request logged before the call is given up: else it could reach the
      // emulator after this test, into the next one's requests
      await until(() => steps.length >= 1 && emu.requests.filter((r) => r.path === '/emails/events').length >= 2);
      stop.abort('enough');
      await expect(listing).rejects.toThrow(/enough/);
      expect(steps).toEqual([{ progress: 1, message: expect.stringMatching(/^GET \S+\/emails\/events\?\S+ 200 /) }]);
    } finally {
      emu.clearFaults();
      await p.close();
    }
  });
});

describe('write tools', () => {
  // docs/agents.md: the first text block is the output, "a second text block" the notices
  it('without confirm: a dry run, nothing sent, and the result says to set confirm, in the one block of notes', async () => {
    const r = await c.call('topic_create', { name: 'Agent news' });
    expect(r.isError).toBeFalsy();
    expect(sent()).toEqual([]);
    expect(JSON.parse(text(r))).toMatchObject({ dry_run: true, method: 'POST', body: { name: 'Agent news' } });
    expect(r.content).toHaveLength(2);
    expect(notes(r)).toMatch(/^dry run: nothing was sent\n.*dry run, nothing was sent.*confirm: true/);
  });

  it('with confirm: exactly one request, and the created resource as the result', async () => {
    const r = await c.call('topic_create', { name: 'Agent news', confirm: true });
    expect(r.isError).toBeFalsy();
    expect(sent()).toEqual(['POST /audience/topics']);
    expect(JSON.parse(text(r))).toMatchObject({ name: 'Agent news' });
  });

  it('a delete without confirm sends nothing; with confirm it never asks (--yes) and sends one DELETE', async () => {
    const dry = await c.call('topic_delete', { topic_id: topicId });
    expect(dry.isError).toBeFalsy();
    expect(sent()).toEqual([]);
    expect(notes(dry)).toMatch(/nothing was sent/);
    const done = await c.call('topic_delete', { topic_id: topicId, confirm: true });
    expect(done.isError, text(done)).toBeFalsy();
    expect(sent()).toEqual([`DELETE /audience/topics/${topicId}`]);
    expect(JSON.parse(text(done))).toEqual({ id: topicId, deleted: true });
  });

  it('domain_verify (a POST) is a write: without confirm its dry run, nothing sent', async () => {
    const r = await c.call('domain_verify', { name: 'example.com' });
    expect(r.isError).toBeFalsy();
    expect(sent()).toEqual([]);
    expect(JSON.parse(text(r))).toMatchObject({ dry_run: true, method: 'POST', url: expect.stringMatching(/\/domains\/example\.com\/verify$/) });
    expect(notes(r)).toMatch(/nothing was sent.*confirm: true/);
  });

  it('a sandbox key is refused on a refused write before anything is sent, even confirmed', async () => {
    const sandbox = await connect({ emulator: emu, key: 'sandbox' });
    try {
      const r = await sandbox.call('topic_create', { name: 'Nope', confirm: true });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ error: { exit_code: 3, message: expect.stringMatching(/sandbox API keys cannot/) } });
      expect(sent()).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});

// docs/agents.md "Text instead of files": where the command reads a body, a document or
// addresses from a file, the tool's input is the text itself; the file it is handed over in is
// the call's own and gone after it.
describe('text inputs', () => {
  const bodyOf = (path: string) => emu.requests.find((r) => r.path === path)?.body as Record<string, unknown> | undefined;
  let tmp: string;
  let tmpBefore: string | undefined;
  beforeAll(() => {
    tmpBefore = process.env.TMPDIR;
    tmp = mkdtempSync(join(tmpdir(), 'mcp-calls-'));
    process.env.TMPDIR = tmp;
  });
  afterAll(() => {
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('email_send: html and text are the bodies themselves, sent as given; no file is left behind', async () => {
    const html = '<p>Hello from an agent</p>';
    const r = await c.call('email_send', { from: 'hello@acme.example', to: ['ann@example.com'], subject: 'Hi', html, text: 'Hello from an agent', confirm: true });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['POST /emails']);
    expect(bodyOf('/emails')).toMatchObject({ html, text: 'Hello from an agent', subject: 'Hi' });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('template_create: without confirm the dry run shows the HTML it would send; with it, one POST carrying it', async () => {
    const html = '<h1>Welcome {{NAME}}</h1>';
    const dry = await c.call('template_create', { name: 'Agent welcome', html });
    expect(JSON.parse(text(dry))).toMatchObject({ dry_run: true, method: 'POST', body: { name: 'Agent welcome', html } });
    expect(sent()).toEqual([]);
    const done = await c.call('template_create', { name: 'Agent welcome', html, confirm: true });
    expect(done.isError, text(done)).toBeFalsy();
    expect(sent()).toEqual(['POST /templates']);
    expect(bodyOf('/templates')).toMatchObject({ name: 'Agent welcome', html });
  });

  it('contact_import: FILE is the addresses themselves', async () => {
    const r = await c.call('contact_import', { file: 'agent-1@example.com\nagent-2@example.com\n', confirm: true });
    expect(r.isError, text(r)).toBeFalsy();
    expect(sent()).toEqual(['POST /audience/contacts/bulk']);
    expect(bodyOf('/audience/contacts/bulk')).toMatchObject({ emails: ['agent-1@example.com', 'agent-2@example.com'] });
  });

  it('an empty text is the usage error of an empty file, naming the input and no path; nothing is sent', async () => {
    const r = await c.call('template_create', { name: 'Empty', html: '  ', confirm: true });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error: { exit_code: 2, message: 'html (--html): the html input is empty' } });
    expect(text(r)).not.toContain(tmp);
    expect(sent()).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

// cli.md "Agents and CI summaries": "one tool per API or archive command"; events prune
// works on the archive alone (no API request), and is a write: a dry run until confirmed.
describe('archive tools', () => {
  const day = (d: string, n: number) => Array.from({ length: n }, (_, i) => ({ event_id: `${d}-${i}`, type: 'injection', timestamp: `${d}T10:00:0${i}.000Z` }));

  it('events_prune: without confirm a dry run that removes nothing; with confirm it removes the days (never asks); none on a --read-only server', async () => {
    const file = writeArchive([...day('2026-11-10', 3), ...day('2026-11-12', 2)]);
    const p = await connect({ emulator: false, key: null, env: { MAILCTL_DB: file } });
    try {
      const dry = await p.call('events_prune', { before: '2026-11-11' });
      expect(dry.isError, text(dry)).toBeFalsy();
      expect(JSON.parse(text(dry))).toMatchObject({ dry_run: true, removed_events: 3, archive_total: 2 });
      expect(notes(dry)).toMatch(/confirm: true/);
      const left = JSON.parse(text(await p.call('events_list', { db: true, from: '2026-11-01', to: '2026-11-20' }))) as unknown[];
      expect(left).toHaveLength(5);
      const done = await p.call('events_prune', { before: '2026-11-11', confirm: true });
      expect(done.isError, text(done)).toBeFalsy();
      expect(JSON.parse(text(done))).toMatchObject({ removed_events: 3, archive_total: 2 });
      const after = JSON.parse(text(await p.call('events_list', { db: true, from: '2026-11-01', to: '2026-11-20' }))) as { event_id: string }[];
      expect(after.map((e) => e.event_id).sort()).toEqual(['2026-11-12-0', '2026-11-12-1']);
    } finally {
      await p.close();
    }
    const ro = await connect({ emulator: false, key: null, readOnly: true });
    try {
      expect((await ro.client.listTools()).tools.map((t) => t.name)).not.toContain('events_prune');
    } finally {
      await ro.close();
    }
  });

  it('events_list db: true stopped at the cap says to narrow the listing, not to go on from a cursor the archive has none of', async () => {
    const events = Array.from({ length: 1005 }, (_, i) => ({ event_id: `e${i}`, type: 'injection', timestamp: new Date(Date.UTC(2026, 10, 10, 10) + i * 1000).toISOString() }));
    const p = await connect({ emulator: false, key: null, env: { MAILCTL_DB: writeArchive(events) } });
    try {
      const r = await p.call('events_list', { db: true, all: true, from: '2026-11-01', to: '2026-11-20' });
      expect(JSON.parse(text(r))).toHaveLength(1000);
      expect(notes(r)).toContain('Stopped at --limit 1000 (1005 match in the archive).');
      expect(notes(r)).toMatch(/stopped at 1000 rows, the most one tool call lists: there may be more; narrow the listing$/m);
      expect(notes(r)).not.toMatch(/cursor/);
    } finally {
      await p.close();
    }
  });
});

describe('errors', () => {
  // the agent set topic_id and per_page: the message names those inputs (and the command's
  // TOPIC_ID and --per-page, which hints and notes speak of)
  it('bad input is the usage error object (exit_code 2) naming the input, and nothing is sent', async () => {
    const r = await c.call('topic_show', { topic_id: 'not-a-uuid' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error: { exit_code: 2, message: expect.stringMatching(/^topic_id \(TOPIC_ID\): /) } });
    expect(JSON.parse(text(r))).toEqual(r.structuredContent);
    const missing = await c.call('topic_show', {});
    expect(missing.structuredContent).toMatchObject({ error: { exit_code: 2, message: 'topic_id (TOPIC_ID): required' } });
    const unknown = await c.call('topic_list', { everything: true });
    expect(unknown.structuredContent).toMatchObject({ error: { exit_code: 2, message: expect.stringMatching(/"everything"/) } });
    const bounds = await c.call('topic_list', { per_page: 0 });
    expect(bounds.structuredContent).toMatchObject({ error: { exit_code: 2, message: expect.stringMatching(/^per_page \(--per-page\): must be/) } });
    const two = await c.call('property_create', { name: 'Bad Name', type: 'text', confirm: true });
    expect(two.structuredContent).toMatchObject({
      error: { exit_code: 2, message: expect.stringMatching(/^name \(--name\): /), errors: [expect.stringMatching(/^type \(--type\): must be one of/)] },
    });
    expect(sent()).toEqual([]);
  });

  // MCP (server/tools, "Error Handling"): unknown tools are protocol errors, JSON-RPC -32602;
  // a tools/call whose params are not a call (a name that is no string) is -32602 too, not -32603
  it('an unknown tool, or tools/call params that are not a call, is the protocol error -32602; nothing is sent', async () => {
    await expect(c.call('topic_shows', { topic_id: topicId })).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool: topic_shows; tools/list names every tool' });
    await expect(c.call('auth_login')).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^MCP error -32602: Unknown tool: auth_login; mailctl auth login has no tool here: /) });
    for (const params of [{ name: 42 }, { name: 'topic_list', arguments: ['per_page', 2] }, {}]) {
      await expect(c.client.request({ method: 'tools/call', params } as never, CallToolResultSchema)).rejects.toMatchObject({ code: -32602 });
    }
    expect(sent()).toEqual([]);
  });

  it('an API failure is the error object the CLI prints with --json', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const cli = await runInProcess(['topic', 'show', missing, '--json'], { emulator: emu });
    const r = await c.call('topic_show', { topic_id: missing });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({ error: { status: 404, exit_code: cli.exitCode } });
    expect(cli.stderr).toContain(text(r).trim());
  });

  it('nor the secrets the CLI masks from the start of every run (secret variables, proxy passwords)', async () => {
    const signing = 'whsec-mcp-0123456789-never-shown';
    const p = await connect({ emulator: emu, env: { MAILCTL_WEBHOOK_SIGNING_SECRET: signing } });
    try {
      const r = await p.call('topic_create', { name: `x ${signing}`, confirm: true });
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
      expect(JSON.stringify(r)).not.toContain(signing);
    } finally {
      await p.close();
    }
  });

  it('the API key never appears in a result, even when the server echoes it', async () => {
    const r = await c.call('topic_create', { name: emu.keys.full, confirm: true });
    expect(JSON.stringify(r)).not.toContain(emu.keys.full);
    expect(text(r)).toContain(`****${emu.keys.full.slice(-4)}`);
  });
});

describe('gates', () => {
  it('report fail_on: exit 8 is the answer, not a crash: the report is the result, the verdict a note, isError false', async () => {
    const cli = await runInProcess(['report', '--json', '--fail-on', 'warning'], { emulator: emu });
    expect(cli.exitCode).toBe(8);
    const r = await c.call('report', { fail_on: 'warning' });
    expect(r.isError).toBeFalsy();
    expect(Object.keys(r.structuredContent!)).toEqual(Object.keys(JSON.parse(cli.stdout) as object));
    expect(notes(r)).toMatch(/^exit code 8: --fail-on warning: /m);
  });

  it('campaign_schedule with check: a dry run whose checks fail gives the verdict, not an invitation to confirm it', async () => {
    emu.clearRequests();
    const r = await c.call('campaign_schedule', { campaign_id: emu.fixtures.campaigns.sent, at: '+2h', check: true });
    expect(r.isError).toBeFalsy();
    expect(notes(r)).toMatch(/^exit code 8: /m);
    expect(notes(r)).not.toMatch(/confirm: true/);
    expect(sent().filter((line) => !line.startsWith('GET '))).toEqual([]);
  });
});

// cli.md: -v is "one line per HTTP request on stderr"; a call's stderr is its result's notes,
// for the agent, and the trace is the operator's: `mailctl -v mcp` writes it on the server's stderr
describe('mailctl -v mcp', () => {
  it('the requests of a call are traced on the server\'s stderr, not in the result', async () => {
    const v = await connect({ emulator: emu, globals: { verbose: true } });
    try {
      const r = await v.call('webhook_list');
      expect(r.isError).toBeFalsy();
      expect(r.content).toHaveLength(1);
      expect(v.tc.stderr()).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/webhooks 200 \d+ms attempt 1\/\d+$/m);
      expect(v.tc.stderr()).not.toContain(emu.keys.full);
    } finally {
      await v.close();
    }
  });
});

// cli.md: -q is "no progress, notices or hints on stderr": the server's stderr. A call's notices
// are part of its result: an agent told nothing of where a listing stopped takes it for all
describe('mailctl -q mcp', () => {
  it('a call still has its notes: where a listing stopped, that a write was a dry run', async () => {
    const q = await connect({ emulator: emu, globals: { quiet: true } });
    try {
      const listed = await q.call('topic_list', { limit: 1 });
      expect(notes(listed)).toMatch(/^Stopped at --limit 1 \(\d+ in total\)/);
      const dry = await q.call('topic_delete', { topic_id: topicId });
      expect(notes(dry)).toMatch(/^dry run: nothing was sent\n/);
    } finally {
      await q.close();
    }
  });
});

describe('the profile of the server', () => {
  it('mailctl mcp --profile with a profile that does not exist fails at start, before serving', async () => {
    const r = await runInProcess(['mcp', '--profile', 'nowhere'], { emulator: emu });
    expect(r.exitCode).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/nowhere/);
    const ok = await runInProcess(['mcp', '--read-only'], { emulator: emu });
    expect(ok).toMatchObject({ exitCode: 0, stdout: '' });
    expect(ok.stderr).toMatch(/^mailctl mcp: \d+ tools \(read-only\) on stdio\n$/);
  });

  it('every call uses the --profile the server was started with', async () => {
    const p = await connect({ emulator: emu, globals: { profile: 'nowhere' } });
    try {
      const r = await p.call('topic_list');
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/nowhere/);
      expect(sent()).toEqual([]);
    } finally {
      await p.close();
    }
  });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { emulatorEnv, ndjson, tempDir } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { runOnTty } from '../helpers/tty.js';

const emu = useEmulator({ seed: 8, events: 230 });
let env: Record<string, string>;
let dir: string;

beforeAll(() => {
  env = emulatorEnv(emu, 'full');
  dir = tempDir('mailctl-api-');
});


/** What a terminal shows for `mailctl ARGS`. */
const onTty = async (t: TestContext, args: string[], extra: Record<string, string>) => (await runOnTty(t, args, { env: extra })).out;

const future = () => new Date(Date.now() + 3 * 24 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');

describe('api: one request with any method', () => {
  it('GET: --query and PATH?query go to the query string; the body is printed as compact JSON in a pipe', async () => {
    const r = await runCli(['api', 'get', '/campaigns?status=draft', '--query', 'per_page=3'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const body = JSON.parse(r.stdout);
    expect(body.data.campaigns.length).toBeGreaterThan(0);
    expect(body.data.campaigns.every((c: { status: string }) => c.status === 'draft')).toBe(true);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/campaigns', query: { status: 'draft', per_page: '3' }, body: undefined });
    expect(emu.requests[0]!.headers.authorization).toBe(`Bearer ${emu.keys.full}`);
  });

  it('GET: --field goes to the query string as typed, a repeated name is comma-joined', async () => {
    const r = await runCli(['api', 'GET', '/emails/events', '-F', 'per_page=2', '--field', 'events=delivery', '--query', 'events=bounce'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.events.data.length).toBeLessThanOrEqual(2);
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]!.query).toEqual({ per_page: '2', events: 'bounce,delivery' });
  });

  it('POST: typed --field values make the JSON body', async () => {
    const id = emu.fixtures.campaigns.draft;
    const at = future();
    const r = await runCli(['api', 'POST', `/campaigns/${id}/schedule`, '--field', `scheduled_at=${at}`], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id, status: 'scheduled' });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', path: `/campaigns/${id}/schedule`, query: {}, body: { scheduled_at: at } });
    expect(emu.requests[0]!.headers['content-type']).toMatch(/application\/json/);
  });

  it('POST without fields sends no body', async () => {
    const id = emu.fixtures.campaigns.scheduled;
    const r = await runCli(['api', 'post', `/campaigns/${id}/unschedule`], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id, status: 'draft' });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', path: `/campaigns/${id}/unschedule`, body: undefined });
    expect(emu.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('PATCH: null and strings, --raw-field keeps "true" a string', async () => {
    const id = emu.fixtures.topics[0]!;
    const r = await runCli(['api', 'PATCH', `/audience/topics/${id}`, '-F', 'visibility=private', '-F', 'description=null', '-f', 'name=true'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id, visibility: 'private', description: null, name: 'true' });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'PATCH', path: `/audience/topics/${id}`, body: { visibility: 'private', description: null, name: 'true' } });
  });

  it('PUT: booleans, arrays with key[]=, and a value read from a file with @file', async () => {
    const id = emu.fixtures.webhooks[0]!;
    const nameFile = join(dir, 'name.txt');
    writeFileSync(nameFile, 'Warehouse feed');
    const r = await runCli(
      ['api', 'PUT', `/webhooks/${id}`, '-F', `name=@${nameFile}`, '-F', 'active=false', '-F', 'events[]=message.delivery', '-F', 'events[]=message.bounce'],
      { env },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ id, name: 'Warehouse feed', enabled: false, event_types: ['message.delivery', 'message.bounce'] });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/webhooks/${id}`,
      body: { name: 'Warehouse feed', active: false, events: ['message.delivery', 'message.bounce'] },
    });
  });

  it('DELETE with a body from --input FILE', async () => {
    const contacts = emu.fixtures.contacts.slice(0, 2);
    const lists = emu.fixtures.lists.slice(0, 1);
    const file = join(dir, 'detach.json');
    writeFileSync(file, JSON.stringify({ contact_ids: contacts, list_ids: lists }));
    const r = await runCli(['api', 'DELETE', '/audience/contacts/lists/bulk', '--input', file], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ total_pairs: 2 });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'DELETE', path: '/audience/contacts/lists/bulk', body: { contact_ids: contacts, list_ids: lists } });
  });

  it('POST with a body from --input - (stdin), nested as given', async () => {
    const body = { contact_ids: emu.fixtures.contacts.slice(0, 1), list_ids: emu.fixtures.lists.slice(1, 3) };
    const r = await runCli(['api', 'POST', '/audience/contacts/lists/bulk', '--input', '-'], { env, input: JSON.stringify(body) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ total_pairs: 2 });
    expect(emu.requests).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ method: 'POST', body });
  });

  it('an answer without a body (204) prints nothing, as it came, in every format', async () => {
    const topic = await runCli(['api', 'DELETE', `/audience/topics/${emu.fixtures.topics[2]}`], { env });
    const segment = await runCli(['api', 'DELETE', `/audience/segments/${emu.fixtures.segments[2]}`, '--json'], { env });
    for (const r of [topic, segment]) expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(emu.requests.map((q) => `${q.method} ${q.status}`)).toEqual(['DELETE 204', 'DELETE 204']);
  });

  it('indents the JSON on a terminal', async (t) => {
    // colour is checked in test/terminal/output.test.ts
    const tty = await onTty(t, ['api', 'GET', '/webhooks'], { ...env, NO_COLOR: '1' });
    const body = JSON.parse(tty);
    expect(tty).toBe(`${JSON.stringify(body, null, 2)}\n`);
    expect(body.data.webhooks.map((w: { id: string }) => w.id)).toEqual(emu.fixtures.webhooks);
    const pages = await onTty(t, ['api', 'GET', '/webhooks', '--paginate'], { ...env, NO_COLOR: '1' });
    expect(pages).toBe(`[\n${body.data.webhooks.map((w: unknown) => `  ${JSON.stringify(w, null, 2).replace(/\n/g, '\n  ')}`).join(',\n')}\n]\n`);
  });

  it('--dry-run needs no key and honours --json like every other write', async () => {
    const topic = emu.fixtures.topics[1];
    const r = await runCli(['api', 'PATCH', `/audience/topics/${topic}`, '-F', 'name=New name', '--dry-run', '--json'], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ dry_run: true, method: 'PATCH', url: `${emu.baseUrl}/audience/topics/${topic}`, body: { name: 'New name' } });
    expect(r.stderr).toContain('dry run: nothing was sent');
    expect(emu.requests).toHaveLength(0);
  });

  it('--dry-run prints the request with secrets masked and sends nothing', async () => {
    const r = await runCli(['api', 'PUT', '/webhooks/w1', '-F', 'auth_type=basic', '-F', 'auth_password=hunter2', '-F', 'retries.max=3', '--dry-run'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`PUT ${emu.baseUrl}/webhooks/w1\n`);
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('\n') + 1))).toEqual({ auth_type: 'basic', auth_password: '********', retries: { max: 3 } });
    expect(r.stdout).not.toContain('hunter2');
    expect(r.stderr).toContain('dry run');
    expect(emu.requests).toHaveLength(0);
  });
});

describe('api --paginate', () => {
  it('follows data.events.pagination.next_cursor of account events: one JSON array of every item', async () => {
    const r = await runCli(['api', 'GET', '/emails/events', '--query', 'per_page=100', '--paginate'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as Array<{ event_id: string }>;
    expect(items).toHaveLength(230);
    expect(new Set(items.map((e) => e.event_id)).size).toBe(230);
    expect(emu.requests.map((q) => q.path)).toEqual(['/emails/events', '/emails/events', '/emails/events']);
    expect(emu.requests[0]!.query).toEqual({ per_page: '100' });
    expect(emu.requests[1]!.query.cursor).toBeTruthy();
    expect(emu.requests[2]!.query.cursor).toBeTruthy();
    expect(emu.requests[2]!.query.cursor).not.toBe(emu.requests[1]!.query.cursor);
    expect(emu.requests.every((q) => q.query.per_page === '100')).toBe(true);
  });

  it('walks page numbers of campaigns up to data.pagination.last_page, as NDJSON with --ndjson', async () => {
    const first = JSON.parse((await runCli(['api', 'GET', '/campaigns', '-F', 'per_page=4'], { env })).stdout);
    const { total, last_page: lastPage } = first.data.pagination;
    expect(lastPage).toBeGreaterThan(2);
    emu.clearRequests();
    const r = await runCli(['api', 'GET', '/campaigns', '-F', 'per_page=4', '--paginate', '--ndjson'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = ndjson(r.stdout) as Array<{ id: string }>;
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((c) => c.id)).size).toBe(total);
    expect(emu.requests).toHaveLength(lastPage);
    expect(emu.requests.map((q) => q.query.page)).toEqual([undefined, ...Array.from({ length: lastPage - 1 }, (_, i) => String(i + 2))]);
  });

  it('follows data.next_cursor of campaign events, with and without a filter', async () => {
    const id = emu.fixtures.campaignWithEvents;
    const all = await runCli(['api', 'GET', `/campaigns/${id}/events`, '-F', 'limit=100', '--paginate'], { env });
    expect(all.code).toBe(0);
    const events = JSON.parse(all.stdout) as Array<{ event_id: string; event_type: string }>;
    expect(events.length).toBeGreaterThan(100);
    const pages = emu.requests.length;
    expect(pages).toBe(Math.ceil(events.length / 100));
    emu.clearRequests();
    const clicks = await runCli(['api', 'GET', `/campaigns/${id}/events`, '--query', 'event_type=click', '-F', 'limit=100', '--paginate'], { env });
    expect(clicks.code).toBe(0);
    expect(JSON.parse(clicks.stdout)).toEqual(events.filter((e) => e.event_type === 'click'));
    expect(emu.requests.length).toBeGreaterThan(1);
    expect(emu.requests.slice(1).every((q) => q.query.cursor && q.query.event_type === 'click')).toBe(true);
  });

  it('prints a list without pagination (webhooks) as one page', async () => {
    const r = await runCli(['api', 'GET', '/webhooks', '--paginate'], { env });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ id: string }>).map((w) => w.id)).toEqual(emu.fixtures.webhooks);
    expect(emu.requests).toHaveLength(1);
  });

  it('exits 1 when the answer holds no list, printing no array (nothing was listed)', async () => {
    const r = await runCli(['api', 'GET', `/campaigns/${emu.fixtures.campaigns.sent}`, '--paginate'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--paginate: the response of GET \/campaigns\/\S+ holds no list of items/);
  });

  it('a failure on a later page keeps the items already printed in a closed JSON array, and exits by status', async () => {
    emu.scriptFault({ method: 'GET', path: '/campaigns', status: 404, skip: 1, body: JSON.stringify({ message: 'gone', error_code: 'not_found' }) });
    const r = await runCli(['api', 'GET', '/campaigns', '-F', 'per_page=5', '--paginate'], { env });
    expect(r.code).toBe(4);
    expect(JSON.parse(r.stdout)).toHaveLength(5);
    expect(r.stderr).toContain('error: gone (not_found, HTTP 404)');
    expect(emu.requests).toHaveLength(2);
  });
});

describe('api: errors and exit codes', () => {
  it('maps statuses to exit codes as everywhere', async () => {
    const missing = await runCli(['api', 'GET', '/campaigns/00000000-0000-4000-8000-000000000000'], { env });
    expect(missing).toMatchObject({ code: 4, stdout: '' });
    expect(missing.stderr).toContain('(not_found, HTTP 404)');

    const past = await runCli(['api', 'POST', `/campaigns/${emu.fixtures.campaigns.draft}/schedule`, '-F', 'scheduled_at=2001-01-01T00:00:00Z'], { env });
    expect(past.code).toBe(5);
    expect(past.stderr).toContain('HTTP 422');

    const readOnly = await runCli(['api', 'PATCH', `/audience/topics/${emu.fixtures.topics[1]}`, '-F', 'name=x'], { env: emulatorEnv(emu, 'read_only') });
    expect(readOnly.code).toBe(3);
    expect(readOnly.stderr).toContain('HTTP 403');

    const badKey = await runCli(['api', 'GET', '/webhooks'], { env: { ...env, MAILCTL_API_KEY: 'live_nope' } });
    expect(badKey.code).toBe(3);
    expect(badKey.stderr).toContain('HTTP 401');

    emu.scriptFault({ method: 'GET', path: '/webhooks', status: 503, times: 1 });
    const down = await runCli(['api', 'GET', '/webhooks', '--retries', '0', '--json'], { env });
    expect(down.code).toBe(1);
    expect(down.stdout).toBe('');
    expect(JSON.parse(down.stderr.trim().split('\n').pop()!)).toMatchObject({ error: { status: 503, exit_code: 1 } });
  });

  it('retries a 503 like every command', async () => {
    emu.scriptFault({ method: 'GET', path: '/webhooks', status: 503, times: 1 });
    const r = await runCli(['api', 'GET', '/webhooks'], { env });
    expect(r.code).toBe(0);
    expect(emu.requests.map((q) => q.status)).toEqual([503, 200]);
  });

  // cli.md: an email is never sent twice; the service applies a create or a send again when it comes again.
  const sendBody = JSON.stringify({ from: 'news@acme.example', to: ['ann@example.com'], subject: 'Hi', html: '<p>Hi</p>' });
  const once: Array<[string, string, object]> = [
    ['a dropped connection', '/emails', { drop: true }],
    ['a 503', '/emails', { status: 503 }],
    ['a timeout', '/emails', { delayMs: 1500 }],
    ['a dropped connection', '/audience/topics', { drop: true }],
    ['a dropped connection', '/not-an-operation', { drop: true }],
  ];
  for (const [what, path, fault] of once) {
    it(`does not send POST ${path} again after ${what}: it may have been applied`, async () => {
      emu.scriptFault({ method: 'POST', path, times: 3, ...fault });
      const r = await runCli(['api', 'POST', path, '--input', '-', '--timeout', '1s'], { env, input: sendBody });
      expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST ${path}`]);
      expect(r.code).toBe('status' in fault ? 1 : 7);
      expect(r.stderr).toContain('may or may not have been applied');
    });
  }

  it('still retries a write that lands the same way twice (PATCH) and a POST refused by the rate limit', async () => {
    emu.scriptFault({ method: 'PATCH', path: `/audience/topics/${emu.fixtures.topics[0]}`, drop: true });
    const patched = await runCli(['api', 'PATCH', `/audience/topics/${emu.fixtures.topics[0]}`, '-F', 'name=Again'], { env });
    expect(patched.code, patched.stderr).toBe(0);
    emu.scriptFault({ method: 'POST', path: '/emails', status: 429, headers: { 'Retry-After': '0' }, body: JSON.stringify({ message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }) });
    const sent = await runCli(['api', 'POST', '/emails', '--input', '-'], { env, input: sendBody });
    expect(sent.code, sent.stderr).toBe(0);
    expect(emu.requests.map((q) => `${q.method} ${q.status}`)).toEqual(['PATCH 0', 'PATCH 200', 'POST 429', 'POST 200']);
  });

  it('a spent sending quota on POST /emails: exit 6, not retried, and the hint says when it resets', async () => {
    const reset = Date.UTC(2030, 0, 2) / 1000;
    const body = JSON.stringify({ message: 'Daily sending quota exceeded.', error_code: 'daily_quota_exceeded' });
    emu.scriptFault({ method: 'POST', path: '/emails', status: 429, times: 4, body, headers: { 'Retry-After': '0', 'X-Daily-Reset': String(reset) } });
    const r = await runCli(['api', 'POST', '/emails', '--input', '-'], { env, input: sendBody });
    expect(r.code).toBe(6);
    expect(emu.requests).toHaveLength(1);
    expect(r.stderr).toContain('error: Daily sending quota exceeded. (daily_quota_exceeded, HTTP 429)');
    expect(r.stderr).toContain('hint: the daily sending quota resets at 2030-01-02T00:00:00Z');
    expect(r.stderr).not.toContain('rate limit');
  });

  it('without a key: exit 3 and nothing sent', async () => {
    const r = await runCli(['api', 'GET', '/webhooks'], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no API key/);
    expect(emu.requests).toHaveLength(0);
  });

  const usage: Array<[string, string[], RegExp, string?]> = [
    ['an unknown method', ['api', 'HEAD', '/webhooks'], /METHOD: must be one of GET, POST, PUT, PATCH, DELETE \(got "HEAD"\)/],
    ['a path without "/"', ['api', 'GET', 'webhooks'], /PATH: must start with "\/"/],
    ['a full URL as path', ['api', 'GET', 'https://api.example.com/webhooks'], /PATH: give the path below the base URL/],
    ['a field without "="', ['api', 'POST', '/x', '-F', 'name'], /--field: must be key=value \(got "name"\)/],
    ['a bad key', ['api', 'POST', '/x', '-F', 'a..b=1'], /--field: "a..b" is not a key/],
    ['a key given twice', ['api', 'POST', '/x', '-F', 'a=1', '-F', 'a=2'], /--field a=2: "a" is given twice/],
    ['a value and an object at one key', ['api', 'POST', '/x', '-F', 'a=1', '-F', 'a.b=2'], /"a" is already set to a value, not an object/],
    ['a nested key in a GET query', ['api', 'GET', '/x', '-F', 'a.b=1'], /nested key cannot go into the query string/],
    ['a query without "="', ['api', 'GET', '/x', '--query', 'per_page'], /--query: must be key=value/],
    ['--input with --field', ['api', 'POST', '/x', '--input', 'body.json', '-F', 'a=1'], /--input cannot be combined with --field/],
    ['--input on GET', ['api', 'GET', '/x', '--input', 'body.json'], /--input: a GET request has no body/],
    ['invalid JSON in --input', ['api', 'POST', '/x', '--input', '-'], /--input: stdin is not valid JSON/, '{"a": '],
    ['a missing --input file', ['api', 'POST', '/x', '--input', '/nonexistent/body.json'], /--input: cannot read \/nonexistent\/body.json: no such file/],
    ['a missing @file', ['api', 'POST', '/x', '-F', 'html=@/nonexistent/page.html'], /--field html=@\/nonexistent\/page.html: cannot read/],
    ['--paginate on POST', ['api', 'POST', '/x', '--paginate'], /--paginate: only GET requests are paginated/],
    ['--output csv', ['api', 'GET', '/webhooks', '-o', 'csv'], /--output csv is not supported by `mailctl api`/],
    ['--fields', ['api', 'GET', '/webhooks', '--fields', 'id'], /--fields is not supported by `mailctl api`/],
    ['a missing PATH', ['api', 'GET'], /missing required argument 'path'/],
  ];
  for (const [what, args, message, input] of usage) {
    it(`refuses ${what} with exit 2 before sending anything`, async () => {
      expectUsageError(await runCli(args, { env, input }), emu.requests, message);
    });
  }
});

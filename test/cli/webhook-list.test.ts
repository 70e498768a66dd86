// `webhook list` (GET /webhooks) against the emulator, plus the TTY rendering of its columns.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Webhook } from '../../src/api/webhooks.js';
import { WEBHOOK_FIELDS } from '../../src/api/webhooks.js';
import { WEBHOOK_COLUMNS } from '../../src/commands/webhook/columns.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { createListWriter } from '../../src/output/list.js';
import type { OutputTarget } from '../../src/output/types.js';
import { emulatorEnv, ndjson } from '../helpers/cli.js';
import { tsvRows } from '../helpers/parse.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { get } from '../helpers/emulator.js';

let emu: Emulator;
/** What the API answers, read before each case (the emulator's own rendering of its store). */
let api: Webhook[];

beforeAll(async () => {
  emu = await startEmulator({ seed: 11, events: 0, contacts: 0 });
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  api = (await get(emu, '/webhooks')).body.data.webhooks;
  emu.clearRequests();
});

const list = (args: string[] = [], key: Parameters<typeof emulatorEnv>[1] = 'full') =>
  runCli(['webhook', 'list', ...args], { env: emulatorEnv(emu, key) });

function expectOneGet(): void {
  expect(emu.requests).toHaveLength(1);
  expect(emu.requests[0]).toMatchObject({ method: 'GET', path: '/webhooks', rawQuery: '', status: 200 });
}

describe('webhook list', () => {
  it('prints one tab-separated line per webhook in a pipe: ISO times, "all" or the event types', async () => {
    const r = await list();
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expectOneGet();
    const lines = tsvRows(r.stdout);
    expect(lines).toHaveLength(3);
    const [all, basic, oauth] = emu.fixtures.webhooks;
    const w = (id: string) => emu.store.teams.main.webhooks.get(id)!;
    expect(lines[0]).toEqual([all, w(all!).name, w(all!).url, 'true', 'all', 'none', 'false', 'success', api[0]!.last_successful_at, '']);
    expect(lines[1]).toEqual([basic, w(basic!).name, w(basic!).url, 'true', w(basic!).event_types!.join(','), 'basic', 'true', 'success', api[1]!.last_successful_at, api[1]!.last_failure_at]);
    expect(lines[2]).toEqual([oauth, w(oauth!).name, w(oauth!).url, 'false', w(oauth!).event_types!.join(','), 'oauth2', 'true', 'failure', '', api[2]!.last_failure_at]);
    for (const t of [api[0]!.last_successful_at, api[1]!.last_failure_at]) expect(t).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('--json prints the array of webhooks as the API returned them', async () => {
    const r = await list(['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(api);
    expect(api.find((w) => w.event_types === null)).toBeTruthy(); // null stays null, not "all"
    expectOneGet();
  });

  it('--ndjson prints one object per line; csv has a header row', async () => {
    const nd = await list(['--ndjson']);
    expect(nd.code).toBe(0);
    expect(ndjson(nd.stdout)).toEqual(api);
    const csv = await list(['-o', 'csv']);
    expect(csv.code).toBe(0);
    const rows = csv.stdout.split('\r\n');
    expect(rows[0]).toBe(WEBHOOK_COLUMNS.map((c) => c.key).join(','));
    expect(rows.filter((l) => l !== '')).toHaveLength(4);
  });

  it('--fields picks columns; json keeps the raw event_types', async () => {
    const r = await list(['--fields', 'name,event_types']);
    expect(r.code).toBe(0);
    // piped, the types themselves (a count would lose them); a terminal's table counts them
    expect(r.stdout).toBe(api.map((w) => `${w.name}\t${w.event_types === null ? 'all' : w.event_types.join(',')}\n`).join(''));
    const j = await list(['--fields', 'id,event_types', '--json']);
    expect(JSON.parse(j.stdout)).toEqual(api.map((w) => ({ id: w.id, event_types: w.event_types })));
  });

  it('an unknown --fields name is a usage error listing the valid ones, with nothing sent', async () => {
    const r = await list(['--fields', 'id,secret']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--fields: unknown field "secret"');
    for (const f of WEBHOOK_FIELDS) expect(r.stderr).toContain(f);
    expect(emu.requests).toHaveLength(0);
  });

  it('never prints a stored credential', async () => {
    const r = await list(['--json', '--verbose']);
    expect(r.code).toBe(0);
    for (const s of ['seeded-secret-1', 'seeded-secret-2', 'auth_password', 'client_secret']) {
      expect(r.stdout).not.toContain(s);
      expect(r.stderr).not.toContain(s);
    }
    expect(r.stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/webhooks 200 /m);
  });

  it('a read-only key may list; another team sees only its own webhooks', async () => {
    const ro = await list(['--json'], 'read_only');
    expect(ro.code).toBe(0);
    expect(JSON.parse(ro.stdout)).toEqual(api);
    const other = await list(['--json'], 'other_team');
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout).map((w: Webhook) => w.id)).toEqual(emu.fixtures.otherTeam.webhooks);
  });

  it('an answer without data.webhooks is exit 1 naming the operation and the field', async () => {
    emu.scriptFault({ method: 'GET', path: '/webhooks', status: 200, body: JSON.stringify({ message: 'ok', data: {} }) });
    const r = await list();
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unexpected response from GET /webhooks: data.webhooks missing');
  });

  it('a missing key is exit 3 before anything is sent', async () => {
    const r = await runCli(['webhook', 'list'], { env: { MAILCTL_BASE_URL: emu.baseUrl } });
    expect(r.code).toBe(3);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('webhook list columns on a terminal', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const hook = (i: number): Webhook => ({
    id: `3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e${String(i).padStart(2, '0')}`, name: `A rather long webhook name number ${i}`,
    url: `https://hooks.some-long-domain.example/ingest/v2/events/${i}`, enabled: true, event_types: ['message.bounce'], auth_type: 'oauth2',
    has_auth_credentials: true, last_successful_at: '2026-03-01T11:00:00Z', last_failure_at: '2026-02-01T11:00:00Z', last_status: 'success',
  });
  async function render(width: number): Promise<string[]> {
    let text = '';
    const target: OutputTarget = { format: 'table', isTTY: true, columns: width, color: false, now: () => now, write: async (t) => void (text += t) };
    const rows = [hook(1), hook(2)];
    const writer = createListWriter(target, { columns: WEBHOOK_COLUMNS, fields: WEBHOOK_FIELDS });
    await writer.write(rows);
    await writer.end();
    return text.trimEnd().split('\n');
  }

  it.each([200, 120, 100, 80])('fit a %i-column terminal without cutting an id', async (width) => {
    const lines = await render(width);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
    expect(lines[1]).toContain(hook(1).id);
    expect(lines[2]).toContain(hook(2).id);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+URL\s/);
    expect(lines[0]).toContain('LAST STATUS');
    if (width === 200) expect(lines[0].split(/\s{2,}/)).toHaveLength(10);
    if (width < 200) expect(lines[0]).not.toContain('CREDENTIALS'); // dropped first
  });

  it('show times relative to now, yes/no, and "all" for a webhook without an event filter', async () => {
    let text = '';
    const target: OutputTarget = { format: 'table', isTTY: true, columns: 200, color: false, now: () => now, write: async (t) => void (text += t) };
    const row = (over: Partial<Webhook>): Webhook => ({
      id: 'wh_1', name: 'n', url: 'https://h.example/x', enabled: true, event_types: null, auth_type: 'none',
      has_auth_credentials: false, last_successful_at: '2026-03-01T11:55:00+00:00', last_failure_at: null, last_status: 'success', ...over,
    });
    const writer = createListWriter(target, { columns: WEBHOOK_COLUMNS, fields: WEBHOOK_FIELDS });
    await writer.write([row({}), row({ id: 'wh_2', enabled: false, event_types: ['message.bounce'], has_auth_credentials: true, last_failure_at: '2026-02-27T12:00:00Z', last_status: 'failure' })]);
    await writer.end();
    const [header, first, second] = text.trimEnd().split('\n').map((l) => l.split(/\s{2,}/));
    expect(header).toEqual(['ID', 'NAME', 'URL', 'ENABLED', 'EVENTS', 'AUTH', 'CREDENTIALS', 'LAST STATUS', 'LAST SUCCESS', 'LAST FAILURE']);
    expect(first).toEqual(['wh_1', 'n', 'https://h.example/x', 'yes', 'all', 'none', 'no', 'success', '5m ago', '-']);
    expect(second).toEqual(['wh_2', 'n', 'https://h.example/x', 'no', '1', 'none', 'yes', 'failure', '5m ago', '2d ago']);
  });
});

// `events list --db` and `email show --db` answer what the API answers: the
// same listing (rows, order, format) for every filter, from an archive synced
// from the same emulator, with no key, no base URL and no request sent.
// In-process; the spawned binary's exit codes are covered by sync.test.ts.
// The listing and email cases run against both stores (an SQLite file, a
// PostgreSQL database): the same answers whichever holds the archive.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { STORES } from './stores.js';
import { day, newArchivePath, storedEvents, sync, type Ev } from './support.js';

const DAY = 86_400_000;
let emu: Emulator;
let all: Ev[];

beforeAll(async () => {
  // 15 pages of the API, 15 batches of the archive's reader, two commits of PostgreSQL's page batching
  emu = await startEmulator({ seed: 81, events: 1500 });
  all = storedEvents(emu);
});
afterAll(async () => {
  await emu.close();
  for (const store of STORES) await store.cleanup();
});

/**
 * The API's answer, asked once per file for arguments whose window does not move
 * with the clock (both stores compare against it; the emulator's events do not
 * change). A relative bound (2d) is asked again each time, just before the archive is.
 */
const answers = new Map<string, ReturnType<typeof runCli>>();
const fromApi = (args: string[]) => {
  const ask = () => runCli(['events', 'list', ...args], { env: emulatorEnv(emu) });
  if (args.some((a) => /^\d+[dhm]$/.test(a))) return ask();
  const key = JSON.stringify(args);
  if (!answers.has(key)) answers.set(key, ask());
  return answers.get(key)!;
};

describe.each(STORES)('$name', (store) => {
  let db: string;
  beforeAll(async () => {
    const created = await store.create();
    if (created === undefined) return;
    db = created;
    const r = await sync(emu, db, ['--from', '15d']);
    if (r.code !== 0) throw new Error(r.stderr);
  });
  beforeEach((ctx) => {
    store.require(ctx);
    emu.clearRequests();
  });
  // No key and no base URL: the archive alone must answer.
  const fromDb = (args: string[], env: Record<string, string> = {}) => runCli(['events', 'list', ...args, '--db', db], { env });

  describe('events list --db equals the API', () => {
    const bounce = () => all.find((e) => e.type === 'bounce')!;
    const cases: Array<[string, () => string[]]> = [
      ['no filter (the default 10 days)', () => []],
      ['--events', () => ['--events', 'bounce,delivery']],
      ['--recipient (any case)', () => ['--recipient', `${all[5]!.rcpt_to as string},${(all[40]!.rcpt_to as string).toUpperCase()}`]],
      ['--from/--to', () => ['--from', day(Date.now() - 6 * DAY), '--to', day(Date.now() - 3 * DAY)]],
      ['--from relative', () => ['--from', '2d']],
      ['--transmission', () => ['--transmission', bounce().request_id as string]],
      ['--bounce-class', () => ['--bounce-class', String(bounce().bounce_class), '--events', 'bounce']],
      ['everything at once', () => ['--events', 'bounce', '--from', '9d', '--to', 'today', '--bounce-class', `${bounce().bounce_class},10,21`]],
    ];

    it.each(cases)('%s: --all --ndjson gives the same lines in the same order', async (_, args) => {
      const api = await fromApi([...args(), '--all', '--ndjson']);
      emu.clearRequests();
      const local = await fromDb([...args(), '--all', '--ndjson']);
      expect(local.code, local.stderr).toBe(0);
      expect(emu.requests.length).toBe(0);
      expect(api.stdout.split('\n').length).toBeGreaterThan(1);
      expect(local.stdout).toBe(api.stdout);
    });

    it.each([
      [['--all', '--json']],
      [['--all', '-o', 'csv']],
      [['--all']],
      [['--limit', '7', '--ndjson']],
      [['--all', '--json', '--fields', 'event_id,type,bounce_class']],
      [['--all', '-o', 'csv', '--fields', 'timestamp,rcpt_to,detail']],
      [['--events', 'click', '--limit', '30']],
    ])('%j: the same output', async (args) => {
      const api = await fromApi(args);
      const local = await fromDb(args);
      expect(local.code, local.stderr).toBe(0);
      expect(local.stdout).toBe(api.stdout);
    });

    it('without --all or --limit: the newest 25, and a hint on stderr with the count', async () => {
      const api = await fromApi(['--ndjson']);
      const local = await fromDb(['--ndjson']);
      expect(local.stdout).toBe(api.stdout);
      expect(local.stdout.trim().split('\n')).toHaveLength(25);
      expect(local.stderr).toMatch(/Showed the newest 25 of \d+ archived events/);
    });

    it('nothing matches: empty stdout, a notice, exit 0', async () => {
      const r = await fromDb(['--recipient', 'nobody@example.invalid', '--all', '--json']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('[]\n');
      expect(r.stderr).toContain('No events');
    });
  });

  describe('events list --db: usage errors', () => {
    it('a missing archive: exit 2, naming the command that creates it', async () => {
      const missing = store.name === 'SQLite' ? newArchivePath() : await store.create();
      const r = await runCli(['events', 'list', '--db', missing!]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(store.name === 'SQLite' ? /no event archive at .*events\.sqlite/ : /no event archive in postgres:\/\/postgres@127\.0\.0\.1:\d+\/archive_/);
      expect(r.stderr).toContain('mailctl events sync');
    });

    it('--db alone reads $MAILCTL_DB', async () => {
      const r = await runCli(['events', 'list', '--all', '--ndjson', '--db'], { env: { MAILCTL_DB: db } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n').length).toBeGreaterThan(100);
    });

    it.each([[['--follow']], [['--cursor', 'abc']], [['--per-page', '10']]])('%j with --db: exit 2', async (args) => {
      const r = await fromDb(args);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toContain('--db cannot be combined with');
    });

    it('an unknown --fields name: exit 2 before the archive is read', async () => {
      const r = await runCli(['events', 'list', '--fields', 'nope', '--db', newArchivePath()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('nope');
    });
  });

  describe('email show --db', () => {
    it('the same email as the API: state, subject, sender, recipients and events', async () => {
      const id = all.find((e) => e.type === 'bounce')!.request_id as string;
      const api = JSON.parse((await runCli(['email', 'show', id, '--json'], { env: emulatorEnv(emu) })).stdout);
      emu.clearRequests();
      const r = await runCli(['email', 'show', id, '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(emu.requests.length).toBe(0);
      const local = JSON.parse(r.stdout);
      // the sender's display name is in no event: the archive cannot know it
      expect({ ...local, from_name: undefined, scheduled_at: undefined }).toEqual({ ...api, from_name: undefined, scheduled_at: undefined });
      expect(local.state).toBe('bounced');
    });

    it('a window finer than a day: the email\'s events of the covering UTC days, as the API shows them', async () => {
      // an email with two or more events on one UTC day; --from at its last event cuts the others out of the window
      const byEmail = new Map<string, Ev[]>();
      for (const e of all) byEmail.set(e.request_id as string, [...(byEmail.get(e.request_id as string) ?? []), e]);
      const [id, events] = [...byEmail].find(([, es]) => es.length >= 2 && new Set(es.map((e) => e.timestamp.slice(0, 10))).size === 1)!;
      const latest = events.map((e) => e.timestamp).sort().at(-1)!;
      const args = ['email', 'show', id, '--json', '--from', latest, '--utc'];
      const api = JSON.parse((await runCli(args, { env: emulatorEnv(emu) })).stdout);
      expect(api.events).toHaveLength(events.length);
      const r = await runCli([...args, '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      const local = JSON.parse(r.stdout);
      expect(local.events.map((e: Ev) => e.event_id).sort()).toEqual(api.events.map((e: Ev) => e.event_id).sort());
    });

    it('an email whose events all lie outside the window: exit 4 naming the window, as the API answers 404', async () => {
      // every event of it before yesterday (UTC): --from 1d asks for yesterday and today
      const byEmail = new Map<string, Ev[]>();
      for (const e of all) byEmail.set(e.request_id as string, [...(byEmail.get(e.request_id as string) ?? []), e]);
      const yesterday = day(Date.now() - DAY);
      const [id] = [...byEmail].find(([, es]) => es.every((e) => e.timestamp.slice(0, 10) < yesterday))!;
      const api = await runCli(['email', 'show', id, '--from', '1d'], { env: emulatorEnv(emu) });
      expect(api.code).toBe(4);
      const r = await runCli(['email', 'show', id, '--json', '--from', '1d', '--db', db]);
      expect(r.code, r.stdout).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/not in the archive .* between /);
    });

    it('an email the archive does not hold: exit 4 with a hint', async () => {
      const r = await runCli(['email', 'show', '999999999', '--db', db]);
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('not in the archive');
    });
  });
});

// Bad input corpus: every flag of every command with wrong types, out-of-range
// numbers, huge strings, unicode, empty and binary files and stdin, invalid UUIDs
// and impossible dates. Each must end with exit 2, one clear `error:` line that
// names the flag (or the file and line), no stack trace, and not one request
// received by the emulator. Valid files with a BOM or CRLF line ends must work.
//
// Cases run concurrently and in-process (parse and run through the real program,
// helpers/context.ts); each uses its own (invalid) API key, so a request any of
// them sent would show up in the emulator's log under that key, and the network
// guard refuses (and records) any socket to a host that is not loopback.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv, tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { blockedHosts, installNetworkGuard } from '../helpers/network-guard.js';
import { BIG, DAY_MS, UNICODE, expectCleanFailure, isoDay } from './support.js';

installNetworkGuard();
// The spawned suite preloads this guard with NODE_OPTIONS; in-process it is installed above.
const guardEnv = (): Record<string, string> => ({});

let emu: Emulator;
const dir = tempDir('mailctl-badinput-');
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const BINARY = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x1b]), randomBytes(4000)]);
const UUID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

const F = {
  empty: file('empty.txt', ''),
  bomOnly: file('bom-only.txt', '\ufeff'),
  blankLines: file('blank.txt', '\r\n\r\n  \r\n'),
  binary: file('binary.dat', BINARY),
  badLine3: file('bad-line.txt', `${UUID}\r\n${UUID.replace('3f', '4f')}\r\nnot-a-uuid\r\n`),
  csv: file('ids.csv', `id,email\r\n${UUID},a@example.com\r\n`),
  invalidJson: file('invalid.json', '{"name": "x",'),
  emptyJson: file('empty.json', ''),
  okJson: file('ok.json', '{"name":"x"}'),
};

beforeAll(async () => {
  emu = await startEmulator({ seed: 11, events: 50, contacts: 20 });
});
afterAll(async () => {
  await emu.close();
});

interface Case {
  /** argv after `mailctl` */
  args: string[];
  /** what the error line must name: the flag, the argument, or file:line */
  names: string | RegExp;
  input?: string | Buffer;
}

const today = isoDay(Date.now());
const future = isoDay(Date.now() + 400 * DAY_MS);
const past = isoDay(Date.now() - 3 * DAY_MS);

/** Invalid ids of a positional UUID argument: a word, 100 KB, and a UUID followed by a terminal escape. */
const idCases = (cmd: string[], name: string, extra: string[] = []): Case[] =>
  ['not-a-uuid', BIG, `${UUID}\u001b[2J`].map((id) => ({ args: [...cmd, id, ...extra], names: name }));

const CASES: Record<string, Case[]> = {
  // The global options are the same code for every command: tried once, here.
  'global options (on events list)': [
    { args: ['events', 'list', '--timeout', 'abc'], names: '--timeout' },
    { args: ['events', 'list', '--timeout', '0'], names: '--timeout' },
    { args: ['events', 'list', '--timeout', '25h'], names: '--timeout' },
    { args: ['events', 'list', '--timeout', BIG], names: '--timeout' },
    { args: ['events', 'list', '--retries', '-1'], names: '--retries' },
    { args: ['events', 'list', '--retries', '11'], names: '--retries' },
    { args: ['events', 'list', '--retries', '99999999999999999999'], names: '--retries' },
    { args: ['events', 'list', '--retries', UNICODE], names: '--retries' },
    { args: ['events', 'list', '-o', 'xml'], names: '--output' },
    { args: ['events', 'list', '--fields', 'id,,type'], names: '--fields' },
    { args: ['events', 'list', '--fields', UNICODE], names: '--fields' },
    { args: ['events', 'list', '--json', '--ndjson'], names: '--json' },
    { args: ['events', 'list', '--base-url', 'ftp://example.com'], names: '--base-url' },
    { args: ['events', 'list', '--base-url', `http://${BIG.replace(/x{4}/g, 'x x ')}`], names: '--base-url' },
    { args: ['events', 'list', '--no-such-flag'], names: '--no-such-flag' },
  ],
  'events list': [
    { args: ['events', 'list', '--events', 'nope'], names: '--events' },
    { args: ['events', 'list', '--events', 'delivery,,bounce'], names: '--events' },
    { args: ['events', 'list', '--events', BIG], names: '--events' },
    { args: ['events', 'list', '--recipient', 'not-an-email'], names: '--recipient' },
    { args: ['events', 'list', '--recipient', UNICODE], names: '--recipient' },
    { args: ['events', 'list', '--from', '2026-02-30'], names: '--from' },
    { args: ['events', 'list', '--from', '2026-13-01'], names: '--from' },
    { args: ['events', 'list', '--from', future], names: '--from' },
    { args: ['events', 'list', '--from', BIG], names: '--from' },
    { args: ['events', 'list', '--to', '2026-02-30'], names: '--to' },
    { args: ['events', 'list', '--from', today, '--to', past], names: '--from' },
    { args: ['events', 'list', '--from', '0m'], names: '--from' },
    { args: ['email', 'list', '--from', '0h'], names: '--from' },
    { args: ['report', '--from', '0d'], names: '--from' },
    { args: ['events', 'list', '--transmission', 'a b'], names: '--transmission' },
    { args: ['events', 'list', '--bounce-class', '1000'], names: '--bounce-class' },
    { args: ['events', 'list', '--bounce-class', '1.5'], names: '--bounce-class' },
    { args: ['events', 'list', '--per-page', '0'], names: '--per-page' },
    { args: ['events', 'list', '--per-page', '1e2'], names: '--per-page' },
    { args: ['events', 'list', '--limit', '-1'], names: '--limit' },
    { args: ['events', 'list', '--cursor', ''], names: '--cursor' },
    { args: ['events', 'list', '--follow', '--all'], names: '--follow' },
    { args: ['events', 'list', 'extra'], names: 'too many arguments' },
  ],
  'email show': [
    { args: ['email', 'show', ''], names: 'REQUEST_ID' },
    { args: ['email', 'show', 'a/b'], names: 'REQUEST_ID' },
    { args: ['email', 'show', '..'], names: 'REQUEST_ID' },
    { args: ['email', 'show', BIG], names: 'REQUEST_ID' },
    { args: ['email', 'show', UNICODE], names: 'REQUEST_ID' },
    { args: ['email', 'show', '123\u001b[31m456'], names: 'REQUEST_ID' },
    { args: ['email', 'show', '1234', '--from', '2026-02-30'], names: '--from' },
    { args: ['email', 'show', '1234', '--to', '2026-13-01'], names: '--to' },
    { args: ['email', 'show'], names: 'missing required argument' },
  ],
  'campaign list': [
    { args: ['campaign', 'list', '--status', 'nope'], names: '--status' },
    { args: ['campaign', 'list', '--status', UNICODE], names: '--status' },
    { args: ['campaign', 'list', '--page', '0'], names: '--page' },
    { args: ['campaign', 'list', '--page', '10001'], names: '--page' },
    { args: ['campaign', 'list', '--per-page', '101'], names: '--per-page' },
    { args: ['campaign', 'list', '--limit', '1000001'], names: '--limit' },
    { args: ['campaign', 'list', '--fields', 'nope'], names: '--fields' },
  ],
  'campaign show': [
    ...idCases(['campaign', 'show'], 'CAMPAIGN_ID'),
    { args: ['campaign', 'show', ''], names: 'CAMPAIGN_ID' },
    { args: ['campaign', 'show', `${UUID}0`], names: 'CAMPAIGN_ID' },
    { args: ['campaign', 'show', UUID.replace('f', 'g')], names: 'CAMPAIGN_ID' },
    { args: ['campaign', 'show', UNICODE], names: 'CAMPAIGN_ID' },
    { args: ['campaign', 'show', UUID, '--html', '--html-out', join(dir, 'x.html')], names: '--html' },
    { args: ['campaign', 'show', UUID, '--html-out', join(dir, 'no-such-dir', 'x.html')], names: '--html-out' },
    { args: ['campaign', 'show', UUID, '--html-out', dir], names: '--html-out' },
  ],
  'campaign events': [
    ...idCases(['campaign', 'events'], 'CAMPAIGN_ID'),
    { args: ['campaign', 'events', UUID, '--type', 'initial_open'], names: '--type' },
    { args: ['campaign', 'events', UUID, '--email', 'not-an-email'], names: '--email' },
    { args: ['campaign', 'events', UUID, '--since', '2026-02-30'], names: '--since' },
    { args: ['campaign', 'events', UUID, '--since', BIG], names: '--since' },
    { args: ['campaign', 'events', UUID, '--until', '2026-13-01T10:00:00Z'], names: '--until' },
    { args: ['campaign', 'events', UUID, '--until', '2026-01-01T24:00:00Z'], names: '--until' },
    { args: ['campaign', 'events', UUID, '--since', today, '--until', past], names: '--since' },
    { args: ['campaign', 'events', UUID, '--since', '0m'], names: '--since' },
    { args: ['campaign', 'events', UUID, '--per-page', '101'], names: '--per-page' },
    { args: ['campaign', 'events', UUID, '--limit', 'abc'], names: '--limit' },
    { args: ['campaign', 'events', UUID, '--cursor', ''], names: '--cursor' },
  ],
  'campaign schedule': [
    ...idCases(['campaign', 'schedule'], 'CAMPAIGN_ID', ['--at', '+1d']),
    { args: ['campaign', 'schedule', UUID], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', '2026-02-30T10:00:00Z'], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', `${future}T25:00:00Z`], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', '2020-01-01T00:00:00Z'], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', future], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', '+0m'], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', '+5x'], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', BIG], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', UNICODE], names: '--at' },
    { args: ['campaign', 'schedule', UUID, '--at', '+1d', '--fields', 'nope'], names: '--fields' },
  ],
  'campaign unschedule': [
    ...idCases(['campaign', 'unschedule'], 'CAMPAIGN_ID'),
    { args: ['campaign', 'unschedule', UUID, '--fields', 'nope'], names: '--fields' },
  ],
  'topic update': [
    ...idCases(['topic', 'update'], 'TOPIC_ID', ['--name', 'x']),
    { args: ['topic', 'update', UUID], names: 'nothing to update' },
    { args: ['topic', 'update', UUID, '--name', ''], names: '--name' },
    { args: ['topic', 'update', UUID, '--name', '🚀'.repeat(256)], names: '--name' },
    { args: ['topic', 'update', UUID, '--name', BIG], names: '--name' },
    { args: ['topic', 'update', UUID, '--description', 'x'.repeat(1001)], names: '--description' },
    { args: ['topic', 'update', UUID, '--description', 'a', '--clear-description'], names: '--description' },
    { args: ['topic', 'update', UUID, '--visibility', 'nope'], names: '--visibility' },
  ],
  'contact show': [...idCases(['contact', 'show'], 'CONTACT_ID'), { args: ['contact', 'show', UNICODE], names: 'CONTACT_ID' }],
  'property update': [
    ...idCases(['property', 'update'], 'PROPERTY_ID', ['--fallback-value', 'x']),
    { args: ['property', 'update', UUID], names: 'nothing to update' },
    { args: ['property', 'update', UUID, '--fallback-value', 'x'.repeat(256)], names: '--fallback-value' },
    { args: ['property', 'update', UUID, '--fallback-value', BIG], names: '--fallback-value' },
    { args: ['property', 'update', UUID, '--fallback-value', 'x', '--clear-fallback'], names: '--fallback-value' },
  ],
  'segment show': [...idCases(['segment', 'show'], 'SEGMENT_ID'), { args: ['segment', 'show', ''], names: 'SEGMENT_ID' }],
  'lists attach': [
    { args: ['lists', 'attach', '--contact', 'nope', '--list', UUID], names: '--contact' },
    { args: ['lists', 'attach', '--contact', UUID, '--list', 'nope'], names: '--list' },
    { args: ['lists', 'attach', '--contact', `${UUID},,${UUID}`, '--list', UUID], names: '--contact' },
    { args: ['lists', 'attach', '--contact', BIG, '--list', UUID], names: '--contact' },
    { args: ['lists', 'attach', '--contact', UNICODE, '--list', UUID], names: '--contact' },
    { args: ['lists', 'attach', '--contact', UUID], names: 'no lists' },
    { args: ['lists', 'attach', '--contacts-file', F.empty, '--list', UUID], names: '--contacts-file' },
    { args: ['lists', 'attach', '--contacts-file', F.bomOnly, '--list', UUID], names: '--contacts-file' },
    { args: ['lists', 'attach', '--contacts-file', F.blankLines, '--list', UUID], names: '--contacts-file' },
    { args: ['lists', 'attach', '--contacts-file', F.binary, '--list', UUID], names: F.binary },
    { args: ['lists', 'attach', '--contacts-file', F.badLine3, '--list', UUID], names: `${F.badLine3}:3` },
    { args: ['lists', 'attach', '--contacts-file', join(dir, 'missing.txt'), '--list', UUID], names: '--contacts-file' },
    { args: ['lists', 'attach', '--lists-file', dir, '--contact', UUID], names: '--lists-file' },
    { args: ['lists', 'attach', '--contacts-file', '-', '--list', UUID], names: 'stdin', input: BINARY },
    { args: ['lists', 'attach', '--contacts-file', '-', '--list', UUID], names: 'stdin', input: '' },
    { args: ['lists', 'attach', '--contacts-file', '-', '--lists-file', '-'], names: '--contacts-file' },
    { args: ['lists', 'attach', '--contacts-file', F.csv, '--column', 'nope', '--list', UUID], names: '--column' },
    { args: ['lists', 'attach', '--contacts-file', F.csv, '--column', 'email', '--list', UUID], names: `${F.csv}:2` },
  ],
  'lists detach': [
    { args: ['lists', 'detach', '--contact', UUID, '--list', UUID], names: '--yes' },
    { args: ['lists', 'detach', '--contact', 'nope', '--list', UUID, '--yes'], names: '--contact' },
    { args: ['lists', 'detach', '--contacts-file', '-', '--list', UUID, '--yes'], names: 'stdin', input: '\ufeff\r\n' },
  ],
  'webhook list': [
    // commander's own errors go through tidy() too (program.ts outputError): the 100 KB value is cut.
    { args: ['webhook', 'list', '-o', BIG], names: '--output' },
    { args: ['webhook', 'list', '--\u001b[2J'], names: 'unknown option' },
    { args: ['webhook', 'list', '--fields', 'nope'], names: '--fields' },
    { args: ['webhook', 'list', 'extra'], names: 'too many arguments' },
  ],
  'webhook set': [
    { args: ['webhook', 'set', '', '--name', 'x'], names: 'WEBHOOK_ID' },
    { args: ['webhook', 'set', 'a/b', '--name', 'x'], names: 'WEBHOOK_ID' },
    { args: ['webhook', 'set', 'wh_1'], names: 'nothing to change' },
    { args: ['webhook', 'set', 'wh_1', '--name', ''], names: '--name' },
    { args: ['webhook', 'set', 'wh_1', '--name', BIG], names: '--name' },
    { args: ['webhook', 'set', 'wh_1', '--url', 'ftp://example.com/x'], names: '--url' },
    { args: ['webhook', 'set', 'wh_1', '--url', `https://example.com/${'a'.repeat(3000)}`], names: '--url' },
    { args: ['webhook', 'set', 'wh_1', '--url', UNICODE], names: '--url' },
    { args: ['webhook', 'set', 'wh_1', '--events', 'nope'], names: '--events' },
    { args: ['webhook', 'set', 'wh_1', '--events', BIG], names: '--events' },
    { args: ['webhook', 'set', 'wh_1', '--enable', '--disable'], names: '--enable' },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'nope'], names: '--auth-type' },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'basic'], names: '--auth-type' },
    { args: ['webhook', 'set', 'wh_1', '--auth-username', ''], names: '--auth-username' },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin'], names: '--auth-password-stdin', input: '' },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin'], names: '--auth-password-stdin', input: BINARY },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'basic', '--auth-username', 'u', '--auth-password-stdin'], names: '--auth-password-stdin', input: 'p'.repeat(300) },
    { args: ['webhook', 'set', 'wh_1', '--auth-type', 'oauth2', '--oauth-token-url', 'nope', '--oauth-client-id', 'c'], names: '--oauth-token-url' },
    { args: ['webhook', 'set', 'wh_1', '--auth-password-stdin', '--oauth-client-secret-stdin'], names: '--auth-password-stdin', input: 'x' },
  ],
  api: [
    { args: ['api', 'FOO', '/webhooks'], names: 'METHOD' },
    { args: ['api', 'GET', 'webhooks'], names: 'PATH' },
    { args: ['api', 'GET', 'http://10.255.255.1/webhooks'], names: 'PATH' },
    { args: ['api', 'GET', `/${BIG.replace(/x{10}/g, 'x x')}`], names: 'PATH' },
    { args: ['api', 'POST', '/webhooks', '--field', BIG], names: '--field' },
    { args: ['api', 'POST', '/webhooks', '--input', join(dir, 'missing.json')], names: '--input' },
    { args: ['api', 'POST', '/webhooks', '--input', F.invalidJson], names: '--input' },
    { args: ['api', 'POST', '/webhooks', '--input', F.emptyJson], names: '--input' },
    { args: ['api', 'POST', '/webhooks', '--input', '-'], names: '--input', input: BINARY },
    { args: ['api', 'GET', '/webhooks', '--input', F.okJson], names: '--input' },
    { args: ['api', 'POST', '/webhooks', '--paginate'], names: '--paginate' },
    { args: ['api', 'GET', '/webhooks', '-o', 'csv'], names: '--output' },
  ],
  'config set': [
    { args: ['config', 'set', 'nope', 'x'], names: 'nope' },
    { args: ['config', 'set', 'api_key', 'x'], names: 'API key' },
    { args: ['config', 'set', 'base_url', 'nope'], names: 'base_url' },
    { args: ['config', 'set', 'base_url', 'http://a\nb.example.com'], names: 'base_url' },
    { args: ['config', 'set', 'base_url', 'https://api.example.com/\u001b[2J'], names: 'base_url' },
    { args: ['config', 'set', 'base_url', `https://${'x'.repeat(99_000)}.example.com`], names: 'base_url' },
    { args: ['config', 'set', 'timeout', BIG], names: 'timeout' },
    { args: ['config', 'set', 'retries', UNICODE], names: 'retries' },
    { args: ['config', 'set', 'retries'], names: 'missing required argument' },
  ],
};

let keySeq = 0;

describe.concurrent('bad input: exit 2, one clear message naming the flag, nothing sent', () => {
  for (const [command, cases] of Object.entries(CASES)) {
    describe(command, () => {
      cases.forEach((c, i) => {
        const shown = c.args.map((a) => (a.length > 40 ? `${a.slice(0, 20)}…(${a.length})` : JSON.stringify(a))).join(' ');
        it(`${i + 1}: ${shown}${c.input !== undefined ? ` <${c.input.length} bytes on stdin>` : ''}`, async ({ expect }) => {
          const key = `live_badinput${String(++keySeq).padStart(4, '0')}${'k'.repeat(50)}`;
          const r = await runCli(c.args, { env: { ...emulatorEnv(emu), MAILCTL_API_KEY: key, ...guardEnv() }, input: c.input });
          expectCleanFailure(r, 2, `mailctl ${shown}`, expect);
          const first = r.stderr.split('\n')[0]!;
          if (typeof c.names === 'string') expect(first.toLowerCase(), r.stderr.slice(0, 500)).toContain(c.names.toLowerCase());
          else expect(first, r.stderr.slice(0, 500)).toMatch(c.names);
          expect(r.stdout).toBe('');
          expect(emu.requests.filter((q) => q.key === key)).toHaveLength(0);
        });
      });
    });
  }
});

describe('bad API keys in the environment: exit 3 before anything is sent, the key never echoed', () => {
  const keys: Array<[string, string]> = [
    ['a line break inside', 'live_abc\ndef'],
    ['a space inside', 'live_abc def'],
    ['non-ASCII', 'live_äbc'],
    ['an escape sequence', 'live_abc\u001b[2J'],
  ];
  it.each(keys)('%s', async (_name, key) => {
    const before = emu.requests.length;
    const r = await runCli(['webhook', 'list', '--retries', '3'], { env: { ...emulatorEnv(emu), MAILCTL_API_KEY: key, ...guardEnv() } });
    expectCleanFailure(r, 3);
    expect(r.stderr.split('\n')[0]).toBe('error: the API key in MAILCTL_API_KEY has spaces, control or non-ASCII characters in it: it cannot be a key (nothing was sent)');
    expect(r.stderr).not.toContain('live_');
    expect(emu.requests.length).toBe(before);
  });

  it('a key read from a Windows file (trailing CR) works: the ends are trimmed', async () => {
    const r = await runCli(['webhook', 'list', '--json'], { env: { ...emulatorEnv(emu), MAILCTL_API_KEY: `${emu.keys.full}\r`, ...guardEnv() } });
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests.at(-1)!.key).toBe(emu.keys.full);
  });
});

describe('bad input: nothing at all reached the emulator', () => {
  it('no request of any bad-input case was received, and no connection left loopback', () => {
    expect(emu.requests.filter((q) => q.key?.startsWith('live_badinput'))).toEqual([]);
    expect(blockedHosts).toEqual([]);
  });
});

describe('valid input with a BOM, CRLF line ends or unicode works', () => {
  const env = () => ({ ...emulatorEnv(emu), ...guardEnv() });
  const sent = (method: string, pathPrefix: string) => emu.requests.filter((q) => q.method === method && q.path.startsWith(pathPrefix));

  it('lists attach reads ids from UTF-8 with BOM and CRLF, UTF-16 with BOM, CSV with BOM and stdin with BOM', async () => {
    const contacts = emu.fixtures.contacts.slice(0, 3);
    const list = emu.fixtures.lists[0]!;
    const files = [
      file('utf8-bom-crlf.txt', `\ufeff${contacts.join('\r\n')}\r\n`),
      file('utf16le-bom.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${contacts.join('\r\n')}\r\n`, 'utf16le')])),
      file('bom.csv', `\ufeffemail,id\r\n${contacts.map((c, i) => `p${i}@example.com,${c}`).join('\r\n')}\r\n`),
    ];
    const runs = [
      ['--contacts-file', files[0]!],
      ['--contacts-file', files[1]!],
      ['--contacts-file', files[2]!, '--column', 'id'],
      ['--contacts-file', '-'],
    ];
    for (const extra of runs) {
      emu.clearRequests();
      const input = extra[1] === '-' ? `\ufeff${contacts.join('\r\n')}\r\n` : undefined;
      const r = await runCli(['lists', 'attach', ...extra, '--list', list, '--json'], { env: env(), input });
      expect(r.code, `${extra.join(' ')}\n${r.stderr}`).toBe(0);
      const reqs = sent('POST', '/audience/contacts/lists/bulk');
      expect(reqs).toHaveLength(1);
      expect(reqs[0]!.body).toEqual({ contact_ids: contacts, list_ids: [list] });
      expect(JSON.parse(r.stdout).total_pairs).toBe(3);
    }
  });

  it('topic update sends a unicode name exactly as given', async () => {
    emu.clearRequests();
    const name = 'Ünïcødé 🚀 中文 name';
    const r = await runCli(['topic', 'update', emu.fixtures.topics[0]!, '--name', name, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PATCH', '/audience/topics/')[0]!.body).toEqual({ name });
    expect(JSON.parse(r.stdout).name).toBe(name);
  });

  it('webhook set takes a password piped with a BOM and CRLF, and sends it without them', async () => {
    emu.clearRequests();
    const r = await runCli(
      ['webhook', 'set', emu.fixtures.webhooks[0]!, '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin', '-q'],
      { env: env(), input: '\ufeffs3cret-pässword\r\n' },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT', '/webhooks/')[0]!.body).toMatchObject({ auth_type: 'basic', auth_username: 'ops', auth_password: 's3cret-pässword' });
  });

  // A JSON file saved by Windows tools starts with a BOM, which JSON.parse alone refuses.
  it('api --input takes a JSON file with a BOM and CRLF line ends', async () => {
    emu.clearRequests();
    const body = file('body-bom.json', '\ufeff{\r\n  "name": "Renamed"\r\n}\r\n');
    const r = await runCli(['api', 'PATCH', `/audience/topics/${emu.fixtures.topics[1]}`, '--input', body], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PATCH', '/audience/topics/')[0]!.body).toEqual({ name: 'Renamed' });
  });
});

// A newer service adds fields: every command of the whole service must take an answer with
// unknown keys in every object (nested objects and arrays among them) as it takes the
// documented one, and never refuse it as "a shape mailctl does not know". The answers are the
// emulator's own, passed through a proxy that adds the keys; the exit code and the request
// the emulator received are the same as without them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { installNetworkGuard } from '../helpers/network-guard.js';
import { scriptedServer } from '../helpers/server.js';
import { expectCleanFailure } from './support.js';
import type { Emulator } from '../../src/emulator/index.js';

installNetworkGuard();

let emu: Emulator;
let proxy: Awaited<ReturnType<typeof scriptedServer>>;
/** What the proxy does to the emulator's JSON answer. */
let rewrite: (body: unknown) => unknown = (b) => b;

/** Every object of the answer gets two keys the spec does not know, one of them an object holding an array. */
function withExtras(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withExtras);
  if (v === null || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withExtras(x)]));
  return { ...o, zz_new: { nested: [1, 'two', null] }, zz_flag: true };
}

beforeAll(async () => {
  const { startEmulator } = await import('../../src/emulator/index.js');
  emu = await startEmulator({ seed: 13, events: 200 });
  proxy = await scriptedServer([
    (req, res) => {
      void (async () => {
        const up = await fetch(emu.baseUrl + req.url, {
          method: req.method,
          headers: { authorization: String(req.headers.authorization ?? ''), 'content-type': 'application/json' },
          body: req.body === '' ? undefined : req.body,
        });
        const text = await up.text();
        let out = text;
        try {
          if (text !== '') out = JSON.stringify(rewrite(JSON.parse(text)));
        } catch {
          // not JSON: passed on as it came
        }
        res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
        res.end(out);
      })();
    },
  ]);
});
afterAll(async () => {
  await proxy.close();
  await emu.close();
});

const HTML_FILE = join(tempDir('mailctl-extras-'), 'body.html');
writeFileSync(HTML_FILE, '<p>Hi {{name}} <a href="{{unsubscribe_url}}">unsubscribe</a></p>');

/** Every command of cli.md's "The whole service" that reads or writes through the API, with arguments the emulator accepts. */
const COMMANDS: Array<[string, (s: string) => string[]]> = [
  ['email list', (s) => ['email', 'list', '--limit', '30']],
  ['domain list', (s) => ['domain', 'list']],
  ['domain show', (s) => ['domain', 'show', emu.fixtures.domains[0]!]],
  ['domain verify', (s) => ['domain', 'verify', emu.fixtures.domains[0]!]],
  ['domain add', (s) => ['domain', 'add', `extras-${s}.example`]],
  ['template list', (s) => ['template', 'list', '--all']],
  ['template show', (s) => ['template', 'show', emu.fixtures.templates[0]!]],
  ['template show --html', (s) => ['template', 'show', emu.fixtures.templates[0]!, '--html']],
  ['template tags', (s) => ['template', 'tags', emu.fixtures.templates[0]!]],
  ['template create', (s) => ['template', 'create', '--name', `Extras ${s}`, '--html', HTML_FILE]],
  ['template update', (s) => ['template', 'update', emu.fixtures.templates[1]!, '--name', 'Extras 2']],
  ['project list', (s) => ['project', 'list']],
  ['webhook show', (s) => ['webhook', 'show', emu.fixtures.webhooks[0]!]],
  ['webhook create', (s) => ['webhook', 'create', '--name', `Extras ${s}`, '--url', `https://example.com/extras-${s}`]],
  ['lists list', (s) => ['lists', 'list', '--all']],
  ['lists show', (s) => ['lists', 'show', emu.fixtures.lists[0]!]],
  ['lists create', (s) => ['lists', 'create', '--name', `Extras ${s}`]],
  ['lists update', (s) => ['lists', 'update', emu.fixtures.lists[1]!, '--name', 'Extras 2']],
  ['lists add', (s) => ['lists', 'add', emu.fixtures.lists[0]!, '--contact', emu.fixtures.contacts[0]!]],
  ['contact list', (s) => ['contact', 'list', '--limit', '30']],
  ['contact create', (s) => ['contact', 'create', '--email', `extras-${s}@example.com`]],
  ['contact update', (s) => ['contact', 'update', emu.fixtures.contacts[1]!, '--email', 'extras2@example.com']],
  ['contact subscribe', (s) => ['contact', 'subscribe', emu.fixtures.contacts[0]!, '--topic', emu.fixtures.topics[0]!]],
  ['topic list', (s) => ['topic', 'list', '--all']],
  ['topic show', (s) => ['topic', 'show', emu.fixtures.topics[0]!]],
  ['topic create', (s) => ['topic', 'create', '--name', `Extras ${s}`]],
  ['property list', (s) => ['property', 'list', '--all']],
  ['property show', (s) => ['property', 'show', emu.fixtures.properties[0]!]],
  ['property create', (s) => ['property', 'create', '--name', `extras_${s}`, '--type', 'string']],
  ['segment list', (s) => ['segment', 'list', '--all']],
  ['segment create', (s) => ['segment', 'create', '--name', `Extras ${s}`, '--where', 'email contains example']],
  ['segment update', (s) => ['segment', 'update', emu.fixtures.segments[1]!, '--name', 'Extras 2']],
  ['email send', (s) => ['email', 'send', '--to', 'a@example.com', '--from', `me@${emu.fixtures.domains[0]!}`, '--subject', 'Hi', '--html', HTML_FILE]],
];

describe.each(['json', 'csv'])('answers with unknown keys in every object (-o %s)', (format) => {
  it.each(COMMANDS)('%s: exit 0, as without them', async (name, args) => {
    rewrite = withExtras;
    const r = await runCliInProcess([...args(format), '-o', format], { env: { MAILCTL_BASE_URL: proxy.baseUrl, MAILCTL_API_KEY: emu.keys.full } });
    expect(r.code, `${name}\n${r.stderr}`).toBe(0);
    expect(r.stderr).not.toMatch(/shape mailctl does not know|\[object Object\]/);
    expect(r.stdout).not.toBe('');
  });
});

describe('field errors that are not strings', () => {
  it('are shown as JSON, never as [object Object]', async () => {
    rewrite = (b) => b;
    const server = await scriptedServer([
      (_req, res) => {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Validation failed.', error_code: 'validation_error', errors: { name: [{ rule: 'unique' }], meta: { max: 3 }, size: 5 } }));
      },
    ]);
    try {
      const r = await runCliInProcess(['topic', 'create', '--name', 'Dup'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: emu.keys.full } });
      expectCleanFailure(r, 5);
      expect(r.stderr).not.toContain('[object Object]');
      expect(r.stderr).toContain('  name: {"rule":"unique"}');
      expect(r.stderr).toContain('  meta: {"max":3}');
      expect(r.stderr).toContain('  size: 5');
      expect(server.seen).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

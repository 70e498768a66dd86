// The standards: nothing is sent twice that the service would do twice. A create (and a send,
// test/cli/email-send.test.ts) whose answer was lost or failed with a 5xx may have been applied,
// so it is not retried: the run stops and says the outcome is unknown. A 429 that proves nothing
// was applied is still retried, and a write that lands the same way twice (an update) still is.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { get } from '../helpers/emulator.js';

const emu = useEmulator({ seed: 31, events: 10 });
const html = join(mkdtempSync(join(tmpdir(), 'mailctl-creates-')), 'page.html');
writeFileSync(html, '<p>Hello</p>\n');

const CREATES: Array<[string[], string]> = [
  [['lists', 'create', '--name', 'Once only'], '/audience/lists'],
  [['contact', 'create', '--email', 'once@example.com'], '/audience/contacts'],
  [['topic', 'create', '--name', 'Once only'], '/audience/topics'],
  [['property', 'create', '--name', 'once_only', '--type', 'string'], '/audience/properties'],
  [['segment', 'create', '--name', 'Once only', '--where', 'email ends_with @example.com'], '/audience/segments'],
  [['domain', 'add', 'once.example.net'], '/domains'],
  [['webhook', 'create', '--name', 'Once only', '--url', 'https://hooks.example.com/once'], '/webhooks'],
  [['template', 'create', '--name', 'Once only', '--html', html], '/templates'],
];
const posts = (r: { requests: { method: string; path: string }[] }, path: string) => r.requests.filter((q) => q.method === 'POST' && q.path === path);

describe('a create is never sent twice', () => {
  for (const [args, path] of CREATES) {
    it(`${args.slice(0, 2).join(' ')}: a 503 after the request was sent ends the run (exit 1), one POST, the outcome said to be unknown`, async () => {
      emu.scriptFault({ method: 'POST', path, status: 503, times: 3 });
      const r = await runInProcess([...args, '--retries', '3'], { emulator: emu });
      expect(r.exitCode, r.stderr).toBe(1);
      expect(posts(r, path)).toHaveLength(1);
      expect(r.stderr).toContain('may or may not have been applied');
    });
  }

  it('webhook create: an answer lost after the service made the webhook is not sent again (exit 7): one new webhook', async () => {
    const before = (await get(emu, '/webhooks')).body.data.webhooks.length as number;
    emu.scriptFault({ method: 'POST', path: '/webhooks', dropMidBody: true });
    const r = await runInProcess(['webhook', 'create', '--name', 'Lost answer', '--url', 'https://hooks.example.com/lost'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(posts(r, '/webhooks')).toHaveLength(1);
    const names = ((await get(emu, '/webhooks')).body.data.webhooks as Array<{ name: string }>).map((w) => w.name);
    expect(names).toHaveLength(before + 1);
    expect(names.filter((n) => n === 'Lost answer')).toHaveLength(1);
  });

  it('lists create: a 429 rate_limit_exceeded (nothing applied) is retried after its Retry-After, and the list made once', async () => {
    emu.scriptFault({
      method: 'POST', path: '/audience/lists', status: 429, headers: { 'Retry-After': '1' },
      body: JSON.stringify({ message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }),
    });
    const r = await runInProcess(['lists', 'create', '--name', 'After the wait', '--json'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(posts(r, '/audience/lists').map((q) => (q as { status?: number }).status)).toEqual([429, 201]);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'After the wait' });
  });

  it('the control: an update, which lands the same way twice, is still retried after a 503', async () => {
    const list = (await get(emu, '/audience/lists')).body.data.lists[0] as { id: string };
    emu.scriptFault({ method: 'PUT', path: `/audience/lists/${list.id}`, status: 503 });
    emu.scriptFault({ method: 'PATCH', path: `/audience/lists/${list.id}`, status: 503 });
    const r = await runInProcess(['lists', 'update', list.id, '--name', 'Renamed twice'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.filter((q) => q.path === `/audience/lists/${list.id}` && q.method !== 'GET').map((q) => (q as { status?: number }).status)).toEqual([503, 200]);
  });
});

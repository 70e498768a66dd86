// Item 13 of issue 17: server strings reach a terminal raw in -o csv and --json (OSC 0 title,
// ESC[2J, OSC 8 links, U+009B CSI, U+202E). On a TTY every format escapes control and bidi
// characters (tables did already); in a pipe the bytes stay exact.
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { emulatorEnv } from '../helpers/cli.js';
// In-process: what is checked is the bytes written, with stdout and stderr terminals or pipes.
import { runCliInProcess as runCli, runInProcess } from '../helpers/context.js';

const HOSTILE = 'hook\u001b]0;pwned\u0007\u001b[2J\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\\u009b31m\u202eevil';
const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 13, events: 10 });
  const team = emu.store.teams.main;
  const hook = [...team.webhooks.values()][0]!;
  hook.name = HOSTILE;
  // one hostile name in every resource of the whole service
  for (const map of [team.topics, team.lists, team.segments, team.sending.templates, team.sending.projects] as Array<Map<unknown, { name: string }>>) {
    for (const item of map.values()) item.name = `${item.name} ${HOSTILE}`;
  }
  for (const p of team.properties.values() as Iterable<{ fallback_value?: unknown }>) p.fallback_value = HOSTILE;
  for (const c of team.contacts.values() as Iterable<{ properties: Record<string, unknown> }>) c.properties.first_name = HOSTILE;
});

/** The reads of cli.md's "The whole service", each showing one of the hostile names. */
const READS = (): string[] => [
  'topic list',
  `topic show ${emu.fixtures.topics[0]!}`,
  'lists list',
  `lists show ${emu.fixtures.lists[0]!}`,
  'segment list',
  `segment show ${emu.fixtures.segments[0]!}`,
  'property list',
  `property show ${emu.fixtures.properties[0]!}`,
  'contact list --limit 5',
  `contact show ${emu.fixtures.contacts[0]!}`,
  'template list',
  `template show ${emu.fixtures.templates[0]!}`,
  'project list',
  `webhook show ${emu.fixtures.webhooks[0]!}`,
];

describe('every read of the whole service, on a terminal', () => {
  for (const format of ['table', 'csv', 'json', 'ndjson']) {
    it(`-o ${format}: no raw control or bidi character reaches the terminal`, async (t) => {
      for (const args of READS()) {
        // -q: the progress line's own erase sequence is mailctl's, not the server's
        const out = await onTty(t, `${args} -o ${format} --no-pager -q`);
        if (format === 'json' || format === 'ndjson') expect(out, args).toMatch(/hook|evil/);
        expect(out, `${args}: ${JSON.stringify(out.match(RAW))}`).not.toMatch(RAW);
      }
    });
  }
});
afterAll(async () => {
  await emu.close();
});

/** What the terminal receives for `mailctl ARGS` (no colour, so every escape left is the server's). */
const onTty = async (_t: TestContext, args: string) => {
  const r = await runInProcess(args.split(' '), { emulator: emu, stdoutIsTTY: true, stderrIsTTY: true, env: { NO_COLOR: '1', TERM: 'xterm' } });
  return r.stdout + r.stderr;
};

describe('on a terminal', () => {
  for (const format of ['csv', 'json', 'ndjson']) {
    it(`webhook list -o ${format}: no raw control or bidi character reaches the terminal`, async (t) => {
      const out = await onTty(t, `webhook list -o ${format}`);
      expect(out).toContain('hook');
      expect(out).not.toMatch(RAW);
    });
  }

  it('--json on a terminal is still JSON with the same strings', async (t) => {
    const out = await onTty(t, 'webhook list --json');
    const hooks = JSON.parse(out) as Array<{ name: string }>;
    expect(hooks.map((h) => h.name)).toContain(HOSTILE);
  });
});

describe('in a pipe', () => {
  it('csv and json keep the bytes exact', async () => {
    const csv = await runCli(['webhook', 'list', '-o', 'csv'], { env: emulatorEnv(emu) });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(HOSTILE);
    const json = await runCli(['webhook', 'list', '--json'], { env: emulatorEnv(emu) });
    expect((JSON.parse(json.stdout) as Array<{ name: string }>).map((h) => h.name)).toContain(HOSTILE);
    expect(json.stdout).toContain('\u009b31m\u202eevil');
  });
});

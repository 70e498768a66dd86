// Malformed answers: what a proxy, a half-dead server or a hostile endpoint can
// send instead of the API's JSON. Every one must end in one clear error line,
// exit 1, no crash, no stack trace, and nothing half-written on stdout.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { scriptedServer, type Handler } from '../helpers/server.js';
import { expectCleanFailure, guardEnv } from './support.js';

const KEY = `live_${'m'.repeat(64)}`;
const CAMPAIGN = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
let server: Awaited<ReturnType<typeof scriptedServer>>;
let next: Handler = () => undefined;
/** Bytes the streaming handler managed to send before the client hung up. */
let streamed = 0;

beforeAll(async () => {
  server = await scriptedServer([(req, res, i) => next(req, res, i)]);
});
afterAll(() => server.close());

const answer =
  (status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Handler =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** 100 MB of a JSON-looking body, written in 64 KB chunks as the client reads them: never held in memory. */
function huge(declareLength: boolean): Handler {
  return (_req, res: ServerResponse) => {
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
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
  { name: '100 MB with Content-Length', handler: () => huge(true), message: /^error: the response is larger than 64 MiB; refusing to read it/ },
  { name: '100 MB chunked', handler: () => huge(false), message: /^error: the response is larger than 64 MiB; refusing to read it/ },
];

describe.each(Object.entries(COMMANDS))('malformed answers to %s: one clear error, exit 1, no crash', (_name, args) => {
  for (const a of ANSWERS) {
    it(a.name, async () => {
      next = a.handler();
      const before = server.seen.length;
      const r = await runCli([...args, '--retries', '0', '--json'], { env: { MAILCTL_BASE_URL: server.baseUrl, MAILCTL_API_KEY: KEY, ...guardEnv() } });
      expectCleanFailure(r, 1, a.name);
      expect(r.stderr.split('\n')[0]).toMatch(a.message);
      // --json: the error is also one JSON object on stderr, and stdout holds nothing but valid JSON
      const last = JSON.parse(r.stderr.trim().split('\n').pop()!);
      expect(last.error.exit_code).toBe(1);
      if (r.stdout !== '') expect(() => JSON.parse(r.stdout)).not.toThrow();
      expect(server.seen.length - before).toBe(1);
      if (a.name.startsWith('100 MB')) expect(streamed).toBeLessThan(100 * 1024 * 1024);
    });
  }
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

  /** Runs the CLI on a pseudo-terminal (util-linux script), stdout and stderr both on it. */
  function onTty(args: string[]): Promise<string> {
    const line = `${process.execPath} ${BIN} ${args.map((a) => `'${a}'`).join(' ')}`;
    const child = spawn('script', ['-qc', line, '/dev/null'], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, TERM: 'xterm', MAILCTL_CONFIG_DIR: tempDir(), MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full },
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stdin.end();
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
  }

  /** What is left once mailctl's own colours (SGR) are taken out: no control character may remain. */
  const controls = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r\n/g, '\n').match(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g) ?? [];

  it.each([
    ['campaign show', () => ['campaign', 'show', emu.fixtures.campaigns.scheduled, '-q']],
    ['campaign list', () => ['campaign', 'list', '--status', 'scheduled', '-q']],
    ['webhook list', () => ['webhook', 'list', '-q']],
  ])('%s: the name is shown with its escapes made visible', async (_name, args) => {
    const out = await onTty(args());
    expect(out).toContain('Spring');
    expect(controls(out)).toEqual([]);
  });

  it('a notice carrying the API message is made harmless too', async () => {
    emu.scriptFault({ method: 'POST', status: 200, body: JSON.stringify({ message: `Scheduled.${EVIL}` }), times: 1 });
    const out = await onTty(['campaign', 'schedule', emu.fixtures.campaigns.draft, '--at', '+2d']);
    expect(out).toContain('Scheduled.');
    expect(controls(out)).toEqual([]);
  });

  it('json and pipes keep the data exactly as the API sent it', async () => {
    const r = await runCli(['campaign', 'show', emu.fixtures.campaigns.scheduled, '--json'], { env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe(EVIL);
  });
});

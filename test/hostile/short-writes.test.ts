// Item 1 of issue 17, round two: stdout on a regular file that fills up. A filling disk
// first accepts part of a write (a short write), then refuses (ENOSPC). `ulimit -f` does
// the same without root: Node ignores SIGXFSZ, so the write past the limit is short and
// the next one fails with EFBIG. The file must end on a whole line, the lines must be the
// listing's first ones, and stderr must say how many were written.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { BIN, emulatorEnv, tempDir, type CliResult } from '../helpers/cli.js';
import { runCliInProcess } from '../helpers/context.js';
import { scriptedServer } from '../helpers/server.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 17, events: 3000 });
});
afterAll(async () => {
  await emu.close();
});

const LIMIT_KB = 40; // bash's ulimit -f counts 1,024-byte blocks
const LIMIT = LIMIT_KB * 1024;

type Api = { baseUrl: string; keys: Record<string, string> };

function env(api: Api = emu): Record<string, string> {
  return { PATH: process.env.PATH!, HOME: process.env.HOME!, MAILCTL_CONFIG_DIR: tempDir('mailctl-short-'), ...emulatorEnv(api) };
}

/** `mailctl ARGS <redirect> FILE` under `ulimit -f 40`; redirect is `>`, `>>` or `1<>`. */
function runIntoFile(args: string[], redirect: '>' | '>>' | '1<>', file: string, api: Api = emu): Promise<CliResult> {
  const script = `ulimit -f ${LIMIT_KB}; exec "$0" "$@" ${redirect} "$MAILCTL_TEST_OUT"`;
  const child = spawn('bash', ['-c', script, process.execPath, BIN, ...args], { env: { ...env(api), MAILCTL_TEST_OUT: file }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout: '', stderr })));
}

/** The listings of the file's emulator, each made once (they only read it). */
const listings = new Map<string, Promise<string>>();

/** The whole listing, with no limit: the same program in-process (only the cut file needs a process). */
async function fullListing(args: string[], api: Api = emu): Promise<string> {
  const list = async () => {
    const r = await runCliInProcess(args, { env: emulatorEnv(api) });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const key = args.join('\0');
  const stdout = await (api === emu ? (listings.get(key) ?? listings.set(key, list()).get(key)!) : list());
  expect(stdout.length).toBeGreaterThan(2 * LIMIT); // the limit is met half-way
  return stdout;
}

/** CSV text as whole records (quotes respected); fails on text that ends inside a record. */
function csvRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '\n') {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  expect(start, 'the text ends inside a record').toBe(text.length);
  return records;
}

const NDJSON = ['events', 'list', '--all', '--ndjson', '--from', '30d'];
const failure = (lines: number) =>
  new RegExp(`^error: cannot write to stdout: file too large \\(EFBIG\\); the output is incomplete: ${lines} whole lines were written before it\\n$`);

describe('stdout on a regular file that fills up (short writes)', () => {
  it('`> file`: NDJSON ends on a whole line, the first K events of the listing, and stderr says K', async () => {
    const full = (await fullListing(NDJSON)).split('\n');
    const file = join(tempDir('mailctl-short-'), 'out.ndjson');
    const r = await runIntoFile(NDJSON, '>', file);
    expect(r.code, r.stderr).toBe(1);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    for (const line of lines) JSON.parse(line);
    expect(lines).toEqual(full.slice(0, lines.length));
    // the limit cut a line: without the cut taken back the file would reach it
    expect(text.length).toBeLessThan(LIMIT);
    expect(LIMIT - text.length).toBeLessThan(full[lines.length]!.length + 1);
    expect(r.stderr).toMatch(failure(lines.length));
  });

  it('`>> file`: what the file held stays, then whole lines', async () => {
    const full = (await fullListing(NDJSON)).split('\n');
    const file = join(tempDir('mailctl-short-'), 'log.ndjson');
    writeFileSync(file, '{"before":true}\n');
    const r = await runIntoFile(NDJSON, '>>', file);
    expect(r.code, r.stderr).toBe(1);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const [before, ...lines] = text.slice(0, -1).split('\n');
    expect(before).toBe('{"before":true}');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toEqual(full.slice(0, lines.length));
    expect(r.stderr).toMatch(failure(lines.length));
  });

  it('CSV ends on a whole record: the header and the first K rows', async () => {
    const args = ['events', 'list', '--all', '-o', 'csv', '--from', '30d'];
    const full = (await fullListing(args)).split('\r\n');
    const file = join(tempDir('mailctl-short-'), 'out.csv');
    const r = await runIntoFile(args, '>', file);
    expect(r.code, r.stderr).toBe(1);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = text.slice(0, -2).split('\r\n');
    expect(records.length).toBeGreaterThan(1);
    expect(records).toEqual(full.slice(0, records.length));
    expect(r.stderr).toMatch(failure(records.length));
  });

  it('CSV whose fields hold line breaks: cut at the end of a record, not at a line break inside quotes', async () => {
    // pages of events whose subjects hold "\r\n" and quotes: a record spans several lines
    const page = (n: number) => ({
      message: 'ok',
      data: {
        events: {
          data: Array.from({ length: 100 }, (_, i) => ({
            event_id: String(100_000 + n * 100 + i),
            type: 'delivery',
            timestamp: '2026-11-02T10:00:00.000Z',
            rcpt_to: `user${n * 100 + i}@example.org`,
            subject: `line one\r\nline "two"\nline three, ${'x'.repeat(i)}`,
          })),
          total_count: 2000,
          pagination: { next_cursor: n < 19 ? String(n + 1) : null },
        },
      },
    });
    const server = await scriptedServer([
      (req, res) => {
        const n = Number(new URL(req.url, 'http://x').searchParams.get('cursor') ?? 0);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(page(n)));
      },
    ]);
    try {
      const api = { baseUrl: server.baseUrl, keys: { full: `lttr_${'c'.repeat(64)}` } };
      const args = ['events', 'list', '--all', '-o', 'csv', '--from', '2026-11-01', '--to', '2026-11-30'];
      const full = csvRecords(await fullListing(args, api));
      const file = join(tempDir('mailctl-short-'), 'multiline.csv');
      const r = await runIntoFile(args, '>', file, api);
      expect(r.code, r.stderr).toBe(1);
      const records = csvRecords(readFileSync(file, 'utf8'));
      expect(records.length).toBeGreaterThan(1);
      expect(records).toEqual(full.slice(0, records.length));
      expect(r.stderr).toMatch(failure(records.length));
    } finally {
      await server.close();
    }
  });

  it('`1<> file` (not at the file\'s end): the bytes after it are not cut, and stderr says a cut line stays', async () => {
    const file = join(tempDir('mailctl-short-'), 'longer.bin');
    writeFileSync(file, 'x'.repeat(LIMIT + 5000));
    const r = await runIntoFile(NDJSON, '1<>', file);
    expect(r.code, r.stderr).toBe(1);
    expect(readFileSync(file).length).toBe(LIMIT + 5000); // nothing of what followed was cut away
    expect(r.stderr).toMatch(/^error: cannot write to stdout: file too large \(EFBIG\); the output is incomplete: \d+ whole lines were written before it, then \d+ bytes of a cut line\n$/);
  });

  it('report --html FILE that cannot be written whole: exit 1, and no cut HTML is left behind', async () => {
    const dir = tempDir('mailctl-short-');
    const html = join(dir, 'report.html');
    const args = ['report', '--from', '30d', '--by', 'hour', '--html', html];
    const r = await runIntoFile(args, '>', join(dir, 'rows.tsv'));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`error: --html ${html}: cannot write the report (EFBIG); the file was left as it was`);
    expect(r.stderr.match(/^error:/gm)).toHaveLength(1);
    expect(existsSync(html)).toBe(false);
    expect(readdirSync(dir)).toEqual(['rows.tsv']); // nor a temporary file
  });

  it('issue 31 item 1: report --html over an existing report that cannot be written whole keeps the old report', async () => {
    const dir = tempDir('mailctl-short-');
    const html = join(dir, 'report.html');
    writeFileSync(html, 'the report of last week');
    const args = ['report', '--from', '30d', '--by', 'hour', '--html', html];
    const r = await runIntoFile(args, '>', join(dir, 'rows.tsv'));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(`error: --html ${html}: cannot write the report (EFBIG); the file was left as it was`);
    expect(readFileSync(html, 'utf8')).toBe('the report of last week');
    expect(readdirSync(dir).sort()).toEqual(['report.html', 'rows.tsv']);
  });

  // `help`, `NOUN --help`: commander writes the help and returns; the write's error came a tick
  // after the process had exited 0.
  it.skipIf(!existsSync('/dev/full')).each([[['--version']], [['--help']], [['help']], [['help', 'lists']], [['lists', '--help']], [['lists', 'attach', '--help']]])('mailctl %j onto /dev/full: exit 1 and the same one line, no stack trace', async (args) => {
    const r = await runIntoFile(args, '>', '/dev/full');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toBe('error: cannot write to stdout: no space left on device (ENOSPC); the output is incomplete\n');
  });

  it.skipIf(!existsSync('/dev/full'))('/dev/full (not a regular file) still exits 1 with one line', async () => {
    const r = await runIntoFile(NDJSON, '>', '/dev/full');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^error: cannot write to stdout: no space left on device \(ENOSPC\); the output is incomplete\n$/);
  });
});

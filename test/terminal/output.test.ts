// Issue 16 items 3 and 9: the time zone named in headers (--utc, TZ), JSON for
// people on a terminal, and a pager for output longer than the screen.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startEmulator } from '../../src/emulator/index.js';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { runOnTty } from '../helpers/tty.js';

const emu = useEmulator({ seed: 5, events: 400 });
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs the binary on a pseudo-terminal of the given size (script from util-linux); async, as the emulator runs in this process. */
/** What a 100×20 terminal shows for `mailctl ARGS` with the emulator's key. */
const onTty = async (t: TestContext, args: string, env: Record<string, string>) =>
  (await runOnTty(t, args, { rows: 20, cols: 100, env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, ...env } })).out;

describe('time zones', () => {
  it('the TIME header names the zone; --utc shows UTC and says so', async () => {
    const tty = { emulator: emu, stdoutIsTTY: true, columns: 160, env: { NO_COLOR: '1' } };
    const local = await runInProcess(['events', 'list', '--per-page', '3'], tty);
    expect(local.exitCode, local.stderr).toBe(0);
    expect(local.stdout).toMatch(/^TIME \(UTC([+-]\d\d:\d\d)?\)\s/m);
    const utc = await runInProcess(['--utc', 'events', 'list', '--per-page', '3', '--fields', 'timestamp,type'], tty);
    expect(utc.stdout.split('\n')[0]).toMatch(/^TIME \(UTC\)\s+TYPE$/);
    const pipe = await runInProcess(['--utc', 'events', 'list', '--per-page', '3', '--fields', 'timestamp', '--json'], { emulator: emu });
    const first = (JSON.parse(pipe.stdout) as Array<{ timestamp: string }>)[0]!.timestamp;
    expect(utc.stdout.split('\n')[1]).toContain(new Date(first).toISOString().slice(0, 19).replace('T', ' '));
  });

  it('honours TZ and labels its offset (spawned: the zone is per process)', async (t) => {
    const out = plain(await onTty(t, 'events list --per-page 2 --fields timestamp,type', { TZ: 'Asia/Kolkata' }));
    expect(out).toMatch(/TIME \(UTC\+05:30\)\s+TYPE/);
    const utc = plain(await onTty(t, '--utc events list --per-page 2 --fields timestamp,type', { TZ: 'Asia/Kolkata' }));
    expect(utc).toMatch(/TIME \(UTC\)\s+TYPE/);
  });
});

describe('JSON for people', () => {
  it('on a terminal --json is indented and coloured; NDJSON stays one object per line; a pipe gets compact, colourless JSON', async () => {
    const tty = await runInProcess(['events', 'list', '--per-page', '2', '--json'], { emulator: emu, stdoutIsTTY: true });
    expect(tty.exitCode, tty.stderr).toBe(0);
    expect(tty.stdout).toContain('\u001b[34m"event_id"\u001b[39m: \u001b[32m"');
    expect(tty.stdout).toMatch(/\n {4}\u001b\[34m"type"/);
    const parsed = JSON.parse(plain(tty.stdout)) as unknown[];
    expect(parsed).toHaveLength(2);
    const nd = await runInProcess(['events', 'list', '--per-page', '2', '--ndjson'], { emulator: emu, stdoutIsTTY: true });
    expect(nd.stdout.trim().split('\n')).toHaveLength(2);
    expect(nd.stdout).not.toMatch(/\u001b\[/);
    const pipe = await runInProcess(['events', 'list', '--per-page', '2', '--json'], { emulator: emu });
    expect(pipe.stdout).not.toMatch(/\u001b\[|\n {2}/);
    expect(JSON.parse(pipe.stdout)).toEqual(parsed);
  });

  it.each([
    [{ NO_COLOR: '1' }],
    [{ TERM: 'dumb' }],
  ])('%j keeps the indentation and drops the colour', async (env) => {
    const r = await runInProcess(['events', 'list', '--per-page', '1', '--json'], { emulator: emu, stdoutIsTTY: true, env });
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).toMatch(/^\[\n {2}\{\n {4}"/);
  });

  it.each([
    [{ NO_COLOR: '' }, true],
    [{ TERM: 'xterm-256color' }, true],
    [{ TERM: 'dumb' }, false],
    [{ TERM: 'dumb', NO_COLOR: '1' }, false],
  ])('a terminal table with %j is coloured: %s', async (env, coloured) => {
    const r = await runInProcess(['campaign', 'list', '--no-pager'], { emulator: emu, stdoutIsTTY: true, columns: 160, env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(/\u001b\[3\dm/.test(r.stdout)).toBe(coloured);
  });
});

describe('the pager', () => {
  const pager = { MAILCTL_PAGER: 'sed s/^/paged:/' };
  it('pages a table longer than the screen, not a short one, not with --no-pager or MAILCTL_PAGER=', async () => {
    const base = { emulator: emu, stdoutIsTTY: true, rows: 10, columns: 160 };
    const long = await runInProcess(['events', 'list', '--per-page', '30'], { ...base, env: pager });
    expect(long.exitCode, long.stderr).toBe(0);
    const lines = long.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(31);
    expect(lines.every((l) => l.startsWith('paged:'))).toBe(true);
    const short = await runInProcess(['events', 'list', '--per-page', '3'], { ...base, env: pager });
    expect(short.stdout).not.toContain('paged:');
    const off = await runInProcess(['--no-pager', 'events', 'list', '--per-page', '30'], { ...base, env: pager });
    expect(off.stdout).not.toContain('paged:');
    expect(off.stdout.trimEnd().split('\n')).toHaveLength(31);
    const empty = await runInProcess(['events', 'list', '--per-page', '30'], { ...base, env: { MAILCTL_PAGER: '', PAGER: 'sed s/^/paged:/' } });
    expect(empty.stdout).not.toContain('paged:');
    const piped = await runInProcess(['events', 'list', '--per-page', '30'], { ...base, stdoutIsTTY: false, env: pager });
    expect(piped.stdout).not.toContain('paged:');
  });

  it('a pager that is not installed: the output on the terminal unpaged and a warning, not lost with exit 0', async () => {
    const base = { emulator: emu, stdoutIsTTY: true, rows: 10, columns: 160 };
    for (const env of [{ MAILCTL_PAGER: 'no-such-pager-7f3a -R' }, { PAGER: 'no-such-pager-7f3a' }, { MAILCTL_PAGER: './no/such/pager' }]) {
      const r = await runInProcess(['events', 'list', '--per-page', '30'], { ...base, env });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.trimEnd().split('\n')).toHaveLength(31);
      expect(r.stderr).toMatch(/warning: pager ".*no-such-pager-7f3a.*" not found|warning: pager "\.\/no\/such\/pager" not found/);
    }
  });

  // From here on side by side: two tests wait on purpose (a late page, a pager that quits late)
  // while the others run the binary on a terminal. The one with a scripted fault has its own
  // emulator, since the file's one has its faults cleared as each test starts.
  it.concurrent('quitting the pager half-way through an --all listing ends it quietly, exit 0, without fetching the rest', async ({ expect }) => {
    const own = await startEmulator({ seed: 5, events: 400 });
    try {
      // the pager reads one line and quits, as q in less; the second page answers late, so the
      // pager is gone by the time it arrives
      own.scriptFault({ method: 'GET', path: '/emails/events', skip: 1, delayMs: 1000 });
      const r = await runInProcess(['events', 'list', '--all', '--per-page', '50'], {
        emulator: own,
        stdoutIsTTY: true,
        stderrIsTTY: true,
        rows: 10,
        columns: 160,
        env: { MAILCTL_PAGER: 'head -n 1' },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.requests.filter((q) => q.path === '/emails/events')).toHaveLength(2);
      expect(r.stderr).not.toMatch(/error|events: \d+ rows in/);
      expect(plain(r.stdout).trimEnd().split('\n')).toHaveLength(1);
      // a whole page, written before the user quit, still ends normally with its hint
      const one = await runInProcess(['events', 'list', '--per-page', '50'], { emulator: own, stdoutIsTTY: true, rows: 10, columns: 160, env: { MAILCTL_PAGER: 'cat' } });
      expect(one.exitCode, one.stderr).toBe(0);
      expect(one.stderr).toContain('Next page:');
    } finally {
      await own.close();
    }
  });

  it.concurrent('Ctrl-C while the pager shows the output: exit 130 only once the pager is quit, never leaving it on the terminal', async (t) => {
    const { expect } = t; // concurrent: this test's own
    // less ignores Ctrl-C and keeps the terminal until q: exiting under it hands the terminal to
    // the shell while less still reads it. This pager, like less, ignores SIGINT; once it has the
    // first line it sends mailctl two (a Ctrl-C and an impatient second one), then quits a while
    // later, leaving a mark as it goes.
    const dir = tempDir();
    const mark = join(dir, 'quit');
    const pager = join(dir, 'pager.cjs');
    writeFileSync(
      pager,
      `process.on('SIGINT', () => {});
let seen = '';
process.stdin.on('data', (d) => {
  if (seen.includes('\\n')) return;
  seen += d;
  if (!seen.includes('\\n')) return;
  process.kill(process.ppid, 'SIGINT');
  setTimeout(() => process.kill(process.ppid, 'SIGINT'), 200);
  setTimeout(() => { require('fs').writeFileSync(${JSON.stringify(mark)}, 'q'); process.exit(0); }, 1500);
});
process.stdin.on('error', () => {});
`,
    );
    const r = await runOnTty(t, 'events list --all --per-page 50', {
      rows: 20,
      cols: 100,
      env: { MAILCTL_BASE_URL: emu.baseUrl, MAILCTL_API_KEY: emu.keys.full, MAILCTL_PAGER: `exec ${process.execPath} ${pager}` },
    });
    expect(existsSync(mark), 'mailctl exited while its pager was still open').toBe(true);
    expect(r.code, r.out).toBe(130);
  });

  it.concurrent('a missing pager under a pseudo-terminal (script): the rows reach the terminal', async (t) => {
    const { expect } = t; // concurrent: this test's own
    const out = plain(await onTty(t, 'events list --per-page 40', { MAILCTL_PAGER: 'no-such-pager-7f3a' }));
    expect(out).not.toMatch(/sh: .*not found/);
    expect(out).toContain('warning: pager "no-such-pager-7f3a" not found');
    expect(out.split('\n').filter((l) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s/.test(l))).toHaveLength(40);
  });

  it.concurrent('an export through the pager: its live count stops drawing once the pager owns the screen', async (t) => {
    const { expect } = t; // concurrent: this test's own
    // sed pages at once, so a live line drawn while it runs would land among its lines
    const out = await onTty(t, 'events list --all --per-page 50', { MAILCTL_PAGER: 'sed s/^/paged:/' });
    const paged = out.indexOf('paged:');
    expect(paged, out).toBeGreaterThan(-1);
    expect(out.slice(paged)).not.toMatch(/events: [\d,]+ rows ·/);
    expect(out).toContain('events: 400 rows in 8 pages');
    expect(plain(out).replace(/\u001b\[2K/g, '').split(/\r|\n/).filter((l) => l.startsWith('paged:')).length).toBe(401);
  });

  it.concurrent('uses $PAGER on a real terminal, only when the output is longer than it', async (t) => {
    const { expect } = t; // concurrent: this test's own
    const long = await onTty(t, 'events list --per-page 40', { PAGER: 'sed s/^/paged:/' });
    expect(plain(long).trimEnd().split('\n').filter((l) => l.startsWith('paged:')).length).toBe(41);
    const short = await onTty(t, 'events list --per-page 2', { PAGER: 'sed s/^/paged:/' });
    expect(short).not.toContain('paged:');
    const off = await onTty(t, '--no-pager events list --per-page 40', { PAGER: 'sed s/^/paged:/' });
    expect(off).not.toContain('paged:');
  });
});

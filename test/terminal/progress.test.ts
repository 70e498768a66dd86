// Issue 16 item 8: progress where work takes time. A spinner on stderr for a
// request slower than ~300 ms (TTY only), and a live count with a summary for
// --all / --limit exports, even when stdout is redirected.
import { describe, expect, it, type TestContext } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { runInProcess, testContext, useEmulator } from '../helpers/context.js';
import { runOnTty } from '../helpers/tty.js';

const emu = useEmulator({ seed: 9, events: 1000 });

describe('export progress', () => {
  it('--all with stdout redirected and stderr a terminal: live count on stderr, one summary line, data alone on stdout', async () => {
    const r = await runInProcess(['events', 'list', '--all', '--ndjson'], { emulator: emu, stderrIsTTY: true });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    const pages = r.requests.filter((q) => q.path === '/emails/events').length;
    expect(pages).toBeGreaterThan(1);
    expect(r.stderr).toMatch(/\r\u001b\[2Kevents: 100 rows · 1 page · (.* )?(ETA \S+|of [\d,]+)/);
    expect(r.stderr).toContain(`events: ${rows.length.toLocaleString('en-US')} rows in ${pages} pages`);
    expect(r.stdout).not.toMatch(/rows|\u001b/);
  });

  it('--limit N: the live count runs to N, not to every match (no ETA for rows that will never be read)', async () => {
    const r = await runInProcess(['events', 'list', '--limit', '250', '--per-page', '100', '--ndjson'], { emulator: emu, stderrIsTTY: true });
    expect(r.exitCode, r.stderr).toBe(0);
    // the fake clock stands still: no rate, so the count says what it runs to
    expect(r.stderr).toMatch(/events: 100 rows · 1 page · of 250/);
    expect(r.stderr).not.toMatch(/of 1,000/);
  });

  it('Ctrl-C during the export: in place of the summary, how far it got and the command for the rest; the rows written are whole', async () => {
    for (const stderrIsTTY of [true, false]) {
      // the third page is slow to come: Ctrl-C arrives while it is awaited
      emu.scriptFault({ method: 'GET', path: '/emails/events', skip: 2, delayMs: 60_000 });
      const tc = await testContext({ emulator: emu, stderrIsTTY });
      const run = runArgv(['node', 'mailctl', 'events', 'list', '--all', '--ndjson'], tc.runtime, errors);
      while (tc.stdout().split('\n').length <= 200) await new Promise((r) => setTimeout(r, 5));
      tc.abort(new errors.InterruptedError());
      expect(await run).toBe(130);
      await tc.close();
      expect(tc.stdout().trim().split('\n').map((l) => JSON.parse(l) as unknown)).toHaveLength(200);
      // how far it got, with the command for the rest (docs/listings.md), on the line the live count left
      const stopped = /warning: stopped after 2 pages \(200 rows written\)\. The rest:\n {2}mailctl events list --all --cursor \S+ --ndjson\n$/;
      expect(tc.stderr()).toMatch(stopped);
      if (stderrIsTTY) expect(tc.stderr()).toMatch(/\r\u001b\[2Kwarning: stopped after/);
      else expect(tc.stderr()).toMatch(/^warning: stopped after/);
      emu.clearFaults();
    }
  });

  it('nothing in a pipe, nor with --quiet', async () => {
    const piped = await runInProcess(['events', 'list', '--limit', '250', '--ndjson'], { emulator: emu });
    expect(piped.stderr).not.toMatch(/rows ·|rows in/);
    const quiet = await runInProcess(['events', 'list', '--limit', '250', '--ndjson', '-q'], { emulator: emu, stderrIsTTY: true });
    expect(quiet.stderr).toBe('');
  });
});

// From here on each test has its own emulator, or is the only one left that uses `emu`: they
// wait on scripted latencies side by side (describe.concurrent), not one after the other.
describe.concurrent('a spinner for slow requests', () => {
  it('shows "waiting for GET …" on a terminal when the answer takes longer than 300 ms, on any command', async (t) => {
    const { expect } = t; // concurrent: this test's own
    const slow = await startEmulator({ seed: 9, events: 10, latency: 900 });
    try {
      const id = slow.fixtures.campaigns.draft;
      const run = async (extra: string) =>
        (await runOnTty(t, `--no-pager campaign show ${id} ${extra}`.trim(), { rows: 30, cols: 100, env: { MAILCTL_BASE_URL: slow.baseUrl, MAILCTL_API_KEY: slow.keys.full } })).out;
      const [plain, quiet] = await Promise.all([run(''), run('--quiet')]);
      expect(plain).toContain(`waiting for GET /campaigns/${id}`);
      expect(quiet).not.toContain('waiting for');
    } finally {
      await slow.close();
    }
  });
});

describe.concurrent('events sync on a terminal', () => {
  // a slow answer per page: the line is redrawn (every 80 ms) while the next page is on its way
  const syncOnTty = async (t: TestContext, size: { rows?: number; cols?: number }) => {
    const slow = await startEmulator({ seed: 9, events: 300, latency: 400 });
    try {
      const env = { MAILCTL_BASE_URL: slow.baseUrl, MAILCTL_API_KEY: slow.keys.full };
      const [tty, piped] = await Promise.all([
        runOnTty(t, ['events', 'sync', '--db', join(tempDir(), 'a.sqlite')], { env, ...size }),
        runInProcess(['events', 'sync', '--db', join(tempDir(), 'b.sqlite')], { emulator: slow }),
      ]);
      return { tty, piped };
    } finally {
      await slow.close();
    }
  };
  const PROGRESS = /Syncing: page 1, 100 of 300 events, \d+ events\/s, ETA \d+s/;

  it('an 80-column terminal shows pages, events of total_count, events/s and the ETA; a pipe nothing', async (t) => {
    const { expect } = t; // concurrent: this test's own
    const { tty, piped } = await syncOnTty(t, { rows: 24, cols: 80 });
    expect(tty.code, tty.out).toBe(0);
    expect(tty.out).toMatch(PROGRESS);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stderr).not.toMatch(/Syncing|\r|\u001b/);
  });

  it('a pseudo-terminal that reports no size (script(1) and many CI runners: 0x0) shows it too, cut at 80 columns', async (t) => {
    const { expect } = t; // concurrent: this test's own
    const { tty } = await syncOnTty(t, {});
    expect(tty.code, tty.out).toBe(0);
    expect(tty.out).toMatch(PROGRESS);
    for (const line of tty.out.split(/\r|\n/)) expect([...line.replace(/\u001b\[[0-9;]*[mK]/g, '')].length).toBeLessThan(80);
  });
});

describe.concurrent('a line printed while a live line is drawn', () => {
  // a line written after the live line's text would stay on the screen joined to it:
  // "⠋ Syncing events…Continuing the interrupted sync …"
  const JOINED = /[^\r\n](Continuing|warning:)/;
  const visible = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

  it('events sync resuming on a terminal: its notice clears the spinner first', async (t) => {
    const { expect } = t; // concurrent: this test's own
    // its own emulator: the file's one clears its faults as each concurrent test starts
    const own = await startEmulator({ seed: 9, events: 1000 });
    try {
      const db = join(tempDir(), 'resume.sqlite');
      // the connection drops on the third page: the sync stops (exit 7) with the position of that page saved
      own.scriptFault({ method: 'GET', path: '/emails/events', skip: 2, drop: true, times: 10 });
      const cut = await runInProcess(['--retries', '0', 'events', 'sync', '--db', db], { emulator: own });
      expect(cut.exitCode, cut.stderr).toBe(7);
      own.clearFaults();
      const tty = await runOnTty(t, ['events', 'sync', '--db', db], { rows: 24, cols: 100, env: { MAILCTL_BASE_URL: own.baseUrl, MAILCTL_API_KEY: own.keys.full } });
      expect(tty.code, tty.out).toBe(0);
      expect(tty.out).toContain('Continuing the interrupted sync');
      expect(visible(tty.out)).not.toMatch(JOINED);
    } finally {
      await own.close();
    }
  });
});

// Issue 16 item 10: `events list --follow` shows it is alive with a quiet
// "last polled hh:mm:ss" line on stderr, on a terminal only, never in stdout.
import { describe, expect, it } from 'vitest';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { testContext, useEmulator } from '../helpers/context.js';

const emu = useEmulator({ seed: 3, events: 100 });

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

async function followFor(stderrIsTTY: boolean, polls: number) {
  const tc = await testContext({ emulator: emu, stderrIsTTY });
  const run = runArgv(['node', 'mailctl', 'events', 'list', '--follow', '--poll-interval', '10ms', '--ndjson', '--per-page', '2'], tc.runtime, errors);
  const polled = () => emu.requests.filter((r) => r.path === '/emails/events').length > polls;
  await until(polled, `${polls} polls`);
  tc.abort(new errors.InterruptedError());
  const code = await run;
  await tc.close();
  return { code, stdout: tc.stdout(), stderr: tc.stderr() };
}

describe('events list --follow status line', () => {
  it('on a terminal: "last polled" on stderr, redrawn in place, cleared before rows and at the end', async () => {
    const r = await followFor(true, 3);
    expect(r.code).toBe(130);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stdout).not.toContain('last polled');
    expect(r.stderr).toMatch(/\r\u001b\[2K(\u001b\[2m)?last polled \d\d:\d\d:\d\d/);
    expect(r.stderr.endsWith('\r\u001b[2K')).toBe(true);
  });

  it('not on a terminal: no status line at all', async () => {
    const r = await followFor(false, 3);
    expect(r.code).toBe(130);
    expect(r.stderr).not.toContain('last polled');
    expect(r.stderr).not.toContain('\u001b[');
  });
});

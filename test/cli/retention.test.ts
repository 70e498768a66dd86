// The service keeps events for 90 days and the sent-email history for 10 (service-notes.md,
// "Retention and windows"; service-api-rest.md 4.4). A window read from the API that starts
// before that still runs, asking for the covering dates as always, with a warning on stderr that
// the older part is not returned; the archive (--db) keeps what it once read, so it does not warn.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';
import { tempDir } from '../helpers/cli.js';

const clock = fakeClock(Date.parse('2026-11-20T19:15:00Z'));
const emu = useEmulator({ seed: 41, events: 20, now: clock.now });
const run = (args: string[]) => runInProcess(args, { emulator: emu, clock });

const EVENTS = /^warning: --from (\S+) starts before the 90 days the service keeps events: nothing before 2026-08-22 \(UTC\) is returned$/m;
const SENT = /^warning: --from (\S+) starts before the 10 days the service keeps sent emails: nothing before 2026-11-10 \(UTC\) is returned$/m;

// [args, the warning (or none), the `from` of the first request (none: no request)]
const ROWS: [string[], RegExp | null, string | null][] = [
  [['events', 'list', '--from', '91d', '--limit', '1'], EVENTS, '2026-08-21'],
  [['events', 'list', '--from', '90d', '--limit', '1'], null, '2026-08-22'],
  [['events', 'list', '--from', '2026-08-01', '--to', '2026-08-02', '--utc'], EVENTS, '2026-08-01'],
  [['report', '--from', '91d', '--json'], EVENTS, '2026-08-21'],
  [['report', '--from', '90d', '--json'], null, '2026-08-22'],
  [['email', 'list', '--from', '11d', '--limit', '1'], SENT, '2026-11-09'],
  [['email', 'list', '--from', '10d', '--limit', '1'], null, '2026-11-10'],
  [['events', 'sync', '--db', 'ARCHIVE', '--from', '95d', '--dry-run'], EVENTS, null],
  [['events', 'sync', '--db', 'ARCHIVE', '--from', '90d', '--dry-run'], null, null],
];

describe('windows past the service retention: a warning, the request as always', () => {
  it.each(ROWS)('%j', async (args, warning, from) => {
    const archive = join(tempDir('mailctl-retention-'), 'events.sqlite');
    const r = await run(args.map((a) => (a === 'ARCHIVE' ? archive : a)));
    expect(r.exitCode, r.stderr).toBe(0);
    if (warning) expect(r.stderr).toMatch(warning);
    else expect(r.stderr).not.toMatch(/service keeps/);
    if (from === null) expect(r.requests).toHaveLength(0);
    else expect(r.requests[0]?.query?.from).toBe(from);
  });

  it('--db reads what the archive holds: no warning', async () => {
    const archive = join(tempDir('mailctl-retention-'), 'events.sqlite');
    const synced = await run(['events', 'sync', '--db', archive, '--from', '5d']);
    expect(synced.exitCode, synced.stderr).toBe(0);
    for (const args of [['events', 'list', '--db', archive, '--from', '100d'], ['report', '--db', archive, '--from', '100d', '--json']]) {
      const r = await run(args);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/service keeps/);
      expect(r.requests).toHaveLength(0);
    }
  });
});

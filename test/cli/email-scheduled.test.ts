// `email list` (GET /emails, cursor pages), `email scheduled` (GET /emails/scheduled/{id}) and
// `email cancel` (DELETE /emails/scheduled/{id}: asked first, --if-scheduled, --dry-run).
import { describe, expect, it } from 'vitest';
import { fakeClock, runInProcess, useEmulator } from '../helpers/context.js';
import { MS_PER_HOUR } from '../../src/time-units.js';
import { expectUsageError } from '../helpers/expect.js';

const emu = useEmulator({ seed: 29, events: 10 });
const run = (args: string[], stdin?: string) => runInProcess(args, { emulator: emu, stdin });

async function schedule(to = 'sched@example.com'): Promise<string> {
  const r = await run(['email', 'send', '--from', 'hello@acme.example', '--to', to, '--subject', 'Later', '--text', '-', '--at', '+1h', '--json'], 'body');
  expect(r.exitCode, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { request_id: string }).request_id;
}

describe('email scheduled / cancel', () => {
  it('shows a scheduled email, then cancels it with --yes; a second cancel is 409 unless --if-scheduled', async () => {
    const id = await schedule();
    const shown = await run(['email', 'scheduled', id, '--json']);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ transmission_id: id, state: 'submitted', recipients: ['sched@example.com'] });
    expect(shown.requests).toMatchObject([{ method: 'GET', path: `/emails/scheduled/${id}` }]);

    const refused = await run(['email', 'cancel', id]);
    expectUsageError(refused, refused.requests, '--yes');

    const dry = await run(['email', 'cancel', id, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`DELETE ${emu.baseUrl}/emails/scheduled/${id}`);
    expect(dry.requests).toHaveLength(0);

    const cancelled = await run(['email', 'cancel', id, '--yes', '--json']);
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(cancelled.requests).toMatchObject([{ method: 'DELETE', path: `/emails/scheduled/${id}`, status: 200 }]);
    expect(JSON.parse(cancelled.stdout)).toEqual({ id, cancelled: true });

    const again = await run(['email', 'cancel', id, '--yes']);
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('schedule_cancellation_failed');

    const noop = await run(['email', 'cancel', id, '--yes', '--if-scheduled', '--json']);
    expect(noop.exitCode, noop.stderr).toBe(0);
    expect(JSON.parse(noop.stdout)).toEqual({ id, cancelled: false });
    expect(noop.stderr).toContain('nothing to do');
  });

  it("--if-exists: a 404 on cancel is a no-op (exit 0, notice on stderr), as every delete's (cli.md); without it exit 4", async () => {
    const id = '4829301758203345';
    emu.scriptFault({ method: 'DELETE', path: `/emails/scheduled/${id}`, status: 404, body: JSON.stringify({ message: 'Not found.', error_code: 'not_found' }), times: 2 });
    const gone = await run(['email', 'cancel', id, '--yes']);
    expect(gone.exitCode).toBe(4);
    const noop = await run(['email', 'cancel', id, '--yes', '--if-exists', '--json']);
    expect(noop.exitCode, noop.stderr).toBe(0);
    expect(noop.requests).toMatchObject([{ method: 'DELETE', path: `/emails/scheduled/${id}`, status: 404 }]);
    expect(JSON.parse(noop.stdout)).toEqual({ id, cancelled: false });
    expect(noop.stderr).toContain(`scheduled email ${id} does not exist: nothing to cancel (--if-exists)`);
    // The spec's own answer to an unknown id, 409, is --if-scheduled's to forgive, not --if-exists's.
    const unknown = await run(['email', 'cancel', id, '--yes', '--if-exists']);
    expect(unknown.exitCode).toBe(5);
    expect(unknown.stderr).toContain('schedule_cancellation_failed');
  });

  it('an unknown id is 404 on show', async () => {
    const r = await run(['email', 'scheduled', '999999999']);
    expect(r.exitCode).toBe(4);
  });
});

describe('email list', () => {
  it('lists sent emails filtered by --recipient, and prints the next-page command when more exist', async () => {
    for (const to of ['list1@example.com', 'list1@example.com']) {
      const s = await run(['email', 'send', '--from', 'hello@acme.example', '--to', to, '--subject', 'S', '--text', '-'], 'b');
      expect(s.exitCode, s.stderr).toBe(0);
    }
    const r = await run(['email', 'list', '--recipient', 'list1@example.com', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: 'GET', path: '/emails', query: { recipients: 'list1@example.com' } });
    const rows = JSON.parse(r.stdout) as { rcpt_to: string }[];
    expect(rows.length).toBe(2);
    expect(rows.every((e) => e.rcpt_to === 'list1@example.com')).toBe(true);

    const one = await run(['email', 'list', '--recipient', 'list1@example.com', '--per-page', '1']);
    expect(one.exitCode).toBe(0);
    expect(one.stdout.trim().split('\n')).toHaveLength(1);
    expect(one.stderr).toMatch(/^Showed 1 email\. Next page:\n  mailctl email list --recipient list1@example.com --per-page 1 --cursor \S+/);

    const all = await run(['email', 'list', '--recipient', 'list1@example.com', '--per-page', '1', '--all', '--ndjson']);
    expect(all.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('refuses a bad --recipient before sending', async () => {
    const r = await run(['email', 'list', '--recipient', 'nope']);
    expectUsageError(r, r.requests, '--recipient');
  });
});

// docs/events.md "Time windows": email list keeps the rule of every window. The API takes whole
// UTC dates, so the covering dates are asked for and the emails outside the window dropped.
describe('email list: exact windows', () => {
  const clock = fakeClock(Date.parse('2026-11-23T03:00:00Z'));
  const windowEmu = useEmulator({ seed: 31, events: 0, now: clock.now });
  const runAt = (args: string[], stdin?: string) => runInProcess(args, { emulator: windowEmu, stdin, clock });
  const times = () => ['2026-11-23T03:00:00Z', '2026-11-23T09:00:00Z'];

  it('asks for the covering dates and keeps only the emails inside the window, pages emptied by it followed', async () => {
    // one email at 03:00 and one at 09:00 UTC, listed at 10:00
    for (const at of times()) {
      clock.advance(Date.parse(at) - clock.now());
      const s = await runAt(['email', 'send', '--from', 'hello@acme.example', '--to', 'win@example.com', '--subject', 'S', '--text', '-'], 'b');
      expect(s.exitCode, s.stderr).toBe(0);
    }
    clock.advance(MS_PER_HOUR);
    const stamps = (out: string) => out.trim().split('\n').filter(Boolean).map((l) => Date.parse((JSON.parse(l) as { timestamp: string }).timestamp));

    const rows = [
      // [args, the emails kept (by their send time), the dates asked for]
      [['--from', '2h'], ['2026-11-23T09:00:00Z'], { from: '2026-11-23' }],
      [['--from', '24h'], times(), { from: '2026-11-22' }],
      [['--from', '2026-11-23T02:00:00Z', '--to', '2026-11-23T04:00:00+00:00'], ['2026-11-23T03:00:00Z'], { from: '2026-11-23', to: '2026-11-23' }],
      [['--from', 'today'], times(), { from: '2026-11-23' }],
    ] as const;
    for (const [args, kept, query] of rows) {
      const r = await runAt(['email', 'list', '--recipient', 'win@example.com', '--utc', ...args, '--all', '--ndjson']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(stamps(r.stdout), args.join(' ')).toEqual(kept.map((t) => Date.parse(t)).sort((a, b) => b - a));
      expect(r.requests[0]?.query, args.join(' ')).toMatchObject({ ...query, recipients: 'win@example.com' });
    }

    // one page: the newest email is outside --to, so the first page with a row is shown
    const early = await runAt(['email', 'list', '--recipient', 'win@example.com', '--utc', '--from', '2026-11-23T02:00:00Z', '--to', '2026-11-23T04:00:00Z', '--per-page', '1', '--ndjson']);
    expect(early.exitCode, early.stderr).toBe(0);
    expect(stamps(early.stdout)).toEqual([Date.parse('2026-11-23T03:00:00Z')]);
    expect(early.requests.map((q) => q.query?.cursor === undefined)).toEqual([true, false]);

    // the next-page command repeats the window as meant (the instant 2h meant), not the covering date
    const hint = await runAt(['email', 'list', '--recipient', 'win@example.com', '--utc', '--from', '24h', '--per-page', '1']);
    expect(hint.exitCode, hint.stderr).toBe(0);
    expect(hint.stderr).toMatch(/^Showed 1 email\. Next page:\n  mailctl email list --recipient win@example\.com --from 2026-11-22T10:00:00Z --per-page 1 --cursor \S+ --utc\n/);
  });
});

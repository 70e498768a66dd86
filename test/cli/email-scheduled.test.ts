// `email list` (GET /emails, cursor pages), `email scheduled` (GET /emails/scheduled/{id}) and
// `email cancel` (DELETE /emails/scheduled/{id}: asked first, --if-scheduled, --dry-run).
import { describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';
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

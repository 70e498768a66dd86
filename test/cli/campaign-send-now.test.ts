// `campaign send ID` (service-api-rest.md 4.24): asked first (--yes without a terminal), sent
// once (never repeated after a lost answer), --check's pre-flight, --dry-run, sandbox refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';

const emu = useEmulator({ seed: 31, events: 10 });
let drafts: string[];
beforeAll(() => {
  drafts = [...emu.store.teams.main.campaigns.values()]
    .filter((c) => c.status === 'draft' && c.subject && c.html_content && !c.vanishOnWrite)
    .map((c) => c.id);
});
const run = (args: string[], key: 'full' | 'sandbox' = 'full') => runInProcess(['campaign', 'send', ...args], { emulator: emu, key });
const posts = (r: { requests: { method: string }[] }) => r.requests.filter((q) => q.method === 'POST');

describe('campaign send', () => {
  it('without --yes and no terminal: a usage error, nothing sent', async () => {
    const r = await run([drafts[0]!]);
    expectUsageError(r, r.requests, '--yes');
  });

  it('sends a draft once with --yes (202, preparing); a second send is refused (exit 5)', async () => {
    const id = drafts[0]!;
    const r = await run([id, '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toMatchObject([{ method: 'POST', path: `/campaigns/${id}/send`, status: 202 }]);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'preparing' });
    const again = await run([id, '--yes']);
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toContain('campaign_not_sendable');
  });

  it('a dropped connection: exit 7, one request, and how to check', async () => {
    const id = drafts[1]!;
    emu.scriptFault({ method: 'POST', path: `/campaigns/${id}/send`, drop: true, times: 3 });
    const r = await run([id, '--yes', '--retries', '3']);
    expect(r.exitCode, r.stderr).toBe(7);
    expect(posts(r)).toHaveLength(1);
    expect(r.stderr).toContain(`mailctl campaign show ${id}`);
  });

  it('--check: a campaign that fails a check is not sent (exit 8)', async () => {
    const scheduled = emu.fixtures.campaigns.scheduled;
    const r = await run([scheduled, '--check', '--yes']);
    expect(r.exitCode, r.stderr).toBe(8);
    expect(posts(r)).toHaveLength(0);
    expect(r.stdout).toMatch(/state\s+fail/);
  });

  it('--check --dry-run runs the checks (reads only): a failing campaign is exit 8, as schedule --check --dry-run', async () => {
    const failing = await run([emu.fixtures.campaigns.scheduled, '--check', '--dry-run']);
    expect(failing.exitCode, failing.stderr).toBe(8);
    expect(failing.stdout).toMatch(/state\s+fail/);
    expect(failing.requests.map((q) => q.method)).toEqual(['GET']);
    const ready = await run([emu.fixtures.preflight.ready, '--check', '--dry-run']);
    expect(ready.exitCode, ready.stderr).toBe(0);
    expect(ready.stderr).toContain('checks passed');
    expect(ready.stdout).toContain(`POST ${emu.baseUrl}/campaigns/${emu.fixtures.preflight.ready}/send`);
    expect(posts(ready)).toHaveLength(0);
  });

  it('--check without --yes and no terminal: the usage error comes before the checks read anything', async () => {
    const r = await run([emu.fixtures.campaigns.scheduled, '--check']);
    expectUsageError(r, r.requests, '--yes');
  });

  it('--check passes on a complete draft, then sends', async () => {
    const r = await run([emu.fixtures.preflight.ready, '--check', '--yes']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(posts(r)).toHaveLength(1);
    expect(r.stderr).toContain('checks passed');
  });

  it('--dry-run prints the request and sends nothing; a sandbox key is refused before sending', async () => {
    const dry = await run([drafts[3]!, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`POST ${emu.baseUrl}/campaigns/${drafts[3]}/send`);
    expect(dry.requests).toHaveLength(0);
    const sandbox = await run([drafts[3]!, '--yes'], 'sandbox');
    expect(sandbox.exitCode).toBe(3);
    expect(sandbox.requests).toHaveLength(0);
  });
});

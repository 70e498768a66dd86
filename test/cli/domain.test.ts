// The domain commands (service-api-rest.md 4.8 to 4.12) against the emulator: what is sent,
// the DNS records to publish (table and zone file), the verify rows and exit 8, --wait on
// the fake clock, and the delete safety rules.
import { beforeEach, describe, expect, it } from 'vitest';
import { expectUsageError } from '../helpers/expect.js';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { fakeClock, runInProcess, testContext, useEmulator } from '../helpers/context.js';
import { keyValues, tsvRows } from '../helpers/parse.js';

const clock = fakeClock(Date.parse('2026-11-20T10:00:00Z'));
const emu = useEmulator({ seed: 3, events: 0, contacts: 0, now: clock.now });
beforeEach(() => {
  clock.sleeps.splice(0); // each test sees its own waits
});
const run = (args: string[], opts: Parameters<typeof runInProcess>[1] = {}) => runInProcess(args, { emulator: emu, clock, ...opts });
const sent = (r: { requests: Array<{ method: string; path: string }> }) => r.requests.map((q) => `${q.method} ${q.path}`);

describe('domain list / show', () => {
  it('lists every domain of the team in one request', async () => {
    const r = await run(['domain', 'list']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /domains']);
    const names = tsvRows(r.stdout).map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(['acme.example', 'mail.acme.example', 'promo.acme.example']));
  });

  it('--limit says on stderr when it left domains out, with how many there are (no position to continue from: one answer holds them all)', async () => {
    const all = await run(['domain', 'list', '--json']);
    const total = (JSON.parse(all.stdout) as unknown[]).length;
    expect(total).toBeGreaterThan(2);
    const r = await run(['domain', 'list', '--limit', '2', '--ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /domains']);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr.trim()).toBe(`Stopped at --limit 2 (${total} in total).`);
    const whole = await run(['domain', 'list', '--limit', String(total), '--ndjson']);
    expect(whole.stderr).toBe('');
  });

  it('--all with --limit says the same when the limit left domains out (--limit ends the listing either way)', async () => {
    const total = (JSON.parse((await run(['domain', 'list', '--json'])).stdout) as unknown[]).length;
    const r = await run(['domain', 'list', '--all', '--limit', '2', '--ndjson']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /domains']);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr.trim()).toBe(`Stopped at --limit 2 (${total} in total).`);
  });

  it('show prints the records a subdomain needs: bounce CNAME, DKIM, DMARC', async () => {
    const r = await run(['domain', 'show', 'mail.acme.example']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent(r)).toEqual(['GET /domains/mail.acme.example']);
    expect(keyValues(r.stdout)).toMatchObject({ domain: 'mail.acme.example', can_send: 'true' });
    const records = tsvRows(r.stdout).filter((row) => ['SPF', 'DKIM', 'DMARC', 'CNAME'].includes(row[0]!));
    expect(records.map((row) => row.slice(0, 3))).toEqual([
      ['CNAME', 'CNAME', 'mail.acme.example'],
      ['DKIM', 'TXT', 'scph0125._domainkey.mail.acme.example'],
      ['DMARC', 'TXT', '_dmarc.mail.acme.example'],
    ]);
    expect(records[1]![4]).toMatch(/^v=DKIM1; k=rsa; h=sha256; p=MIGf/);
  });

  it('--zone prints zone-file lines only; a root domain gets SPF instead of the CNAME; TXT strings stay within 255 bytes', async () => {
    const r = await run(['domain', 'show', 'acme.example', '--zone']);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('acme.example.\t3600\tIN\tTXT\t"v=spf1 include:_spf.sparkpostmail.com ~all"');
    expect(lines[1]).toMatch(/^scph0125\._domainkey\.acme\.example\.\t3600\tIN\tTXT\t"v=DKIM1; k=rsa; h=sha256; p=MIGf[^"]+"( "[^"]+")*$/);
    // DNS caps one TXT string at 255 bytes
    for (const part of lines[1]!.split('\t')[4]!.match(/"[^"]*"/g)!) expect(part.length - 2).toBeLessThanOrEqual(255);
    expect(lines[2]).toBe('_dmarc.acme.example.\t3600\tIN\tTXT\t"v=DMARC1; p=none;"');
    const sub = await run(['domain', 'show', 'mail.acme.example', '--zone']);
    expect(sub.stdout.split('\n')[0]).toBe('mail.acme.example.\t3600\tIN\tCNAME\tsparkpostmail.com.');
  });

  it('show and add: the status field is the status (pending, approved), as domain list and --json have it; the label is status_label', async () => {
    const csv = await run(['domain', 'show', 'promo.acme.example', '-o', 'csv', '--fields', 'domain,status,status_label']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(sent(csv)).toEqual(['GET /domains/promo.acme.example']);
    expect(csv.stdout).toBe('domain,status,status_label\r\npromo.acme.example,pending,Pending Review\r\n');
    const table = await run(['domain', 'show', 'promo.acme.example']);
    expect(keyValues(table.stdout)).toMatchObject({ domain: 'promo.acme.example', status: 'pending' });
    const listed = tsvRows((await run(['domain', 'list'])).stdout).find((row) => row[0] === 'promo.acme.example');
    expect(listed?.[1]).toBe('pending');

    const add = await run(['domain', 'add', 'status-field.example', '-o', 'csv', '--fields', 'domain,status']);
    expect(add.exitCode, add.stderr).toBe(0);
    expect(add.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/domains', { domain: 'status-field.example' }]]);
    expect(add.stdout).toBe('domain,status\r\nstatus-field.example,approved\r\n');
  });

  it('an unknown domain is exit 4; a malformed name is a usage error with nothing sent', async () => {
    expect((await run(['domain', 'show', 'nope.example'])).exitCode).toBe(4);
    const bad = await run(['domain', 'show', 'not a domain']);
    expectUsageError(bad, bad.requests, 'NAME');
  });
});

describe('domain add / verify / remove', () => {
  it('add sends the name; verify right away fails (exit 8) with one row per record', async () => {
    const add = await run(['domain', 'add', 'news.globex-test.com']);
    expect(add.exitCode, add.stderr).toBe(0);
    expect(add.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/domains', { domain: 'news.globex-test.com' }]]);
    expect(keyValues(add.stdout)).toMatchObject({ domain: 'news.globex-test.com' });

    const v = await run(['domain', 'verify', 'news.globex-test.com']);
    expect(v.exitCode).toBe(8);
    expect(sent(v)).toEqual(['POST /domains/news.globex-test.com/verify']);
    const rows = tsvRows(v.stdout);
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['SPF', 'not needed', 'missing'],
      ['DKIM', 'fail', 'unverified'],
      ['DMARC', 'fail', 'missing'],
      ['CNAME', 'fail', 'unverified'],
    ]);
    expect(v.stderr).toMatch(/3 of 3 records do not pass \(DKIM, DMARC, CNAME\)/);
  });

  it('--wait re-checks with growing pauses until every record passes, then exits 0', async () => {
    await run(['domain', 'add', 'wait.globex-test.com']);
    const v = await run(['domain', 'verify', 'wait.globex-test.com', '--wait', '10m']);
    expect(v.exitCode, v.stderr).toBe(0);
    expect(sent(v).every((s) => s === 'POST /domains/wait.globex-test.com/verify')).toBe(true);
    expect(v.requests.length).toBe(2);
    expect(v.sleeps).toEqual([5000]);
    expect(tsvRows(v.stdout).map((row) => row[1])).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('--wait gives up when the time is up: exit 8, pauses bounded by the time left', async () => {
    await run(['domain', 'add', 'late.globex-test.com']);
    const v = await run(['domain', 'verify', 'late.globex-test.com', '--wait', '3s']);
    expect(v.exitCode).toBe(8);
    expect(v.sleeps).toEqual([3000]);
    expect(v.requests).toHaveLength(2);
  });

  it.each([
    ['Ctrl-C', 130, () => new errors.InterruptedError()],
    ['SIGTERM', 143, () => new errors.TerminatedError()],
  ] as const)('%s during a --wait pause: exit %d, and the last check is printed (a CI summary is not left empty)', async (_name, code, reason) => {
    const name = `stop${code}.globex-test.com`;
    await run(['domain', 'add', name]);
    const tc = await testContext({ emulator: emu, clock: { ...clock, sleep: async (_ms, signal) => { tc.abort(reason()); throw signal!.reason; } } });
    const exit = await runArgv(['node', 'mailctl', 'domain', 'verify', name, '--wait', '10m', '-o', 'markdown'], tc.runtime, errors);
    await tc.close();
    expect(exit).toBe(code);
    expect(tc.stdout()).toContain(`## mailctl domain verify — ${name}`);
    expect(tc.stdout()).toMatch(/\| DKIM \| ❌ fail \|/);
    expect(tc.stderr()).not.toContain('records do not pass');
  });

  it('Ctrl-C while a re-check waits for its answer: exit 130, and the check before it is printed', async () => {
    const name = 'inflight.globex-test.com';
    await run(['domain', 'add', name]);
    const path = `/domains/${name}/verify`;
    emu.scriptFault({ method: 'POST', path, delayMs: 600_000, skip: 1, times: 1 });
    const tc = await testContext({ emulator: emu, clock });
    const verifies = () => emu.requests.filter((q) => q.path === path).length;
    const timer = setInterval(() => verifies() >= 2 && tc.abort(new errors.InterruptedError()), 2);
    const exit = await runArgv(['node', 'mailctl', 'domain', 'verify', name, '--wait', '10m', '-o', 'markdown'], tc.runtime, errors);
    clearInterval(timer);
    emu.clearFaults();
    await tc.close();
    expect(verifies()).toBe(2);
    expect(exit).toBe(130);
    expect(tc.stdout()).toContain(`## mailctl domain verify — ${name}`);
    expect(tc.stdout()).toMatch(/\| DKIM \| ❌ fail \|/);
  });

  it('verify --dry-run prints the request and sends nothing (cli.md: every write takes --dry-run)', async () => {
    const dry = await run(['domain', 'verify', 'mail.acme.example', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`POST ${emu.baseUrl}/domains/mail.acme.example/verify\n`);
    expect(dry.stderr).toContain('nothing was sent');
    expect(dry.requests).toHaveLength(0);
    const json = await run(['domain', 'verify', 'mail.acme.example', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ dry_run: true, method: 'POST', url: `${emu.baseUrl}/domains/mail.acme.example/verify` });
    expect(json.requests).toHaveLength(0);
    const sandbox = await run(['domain', 'verify', 'mail.acme.example', '--dry-run'], { key: 'sandbox' });
    expect(sandbox.exitCode).toBe(3);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('remove needs --yes without a terminal, takes --if-exists, and --dry-run sends nothing', async () => {
    const refused = await run(['domain', 'remove', 'promo.acme.example']);
    expectUsageError(refused, refused.requests, '--yes');
    const dry = await run(['domain', 'remove', 'promo.acme.example', '--dry-run']);
    expect(dry.stdout).toBe(`DELETE ${emu.baseUrl}/domains/promo.acme.example\n`);
    expect(dry.requests).toHaveLength(0);
    const done = await run(['domain', 'remove', 'promo.acme.example', '--yes']);
    expect(done.exitCode, done.stderr).toBe(0);
    expect(sent(done)).toEqual(['DELETE /domains/promo.acme.example']);
    expect(keyValues(done.stdout)).toEqual({ id: 'promo.acme.example', deleted: 'true' });
    const again = await run(['domain', 'remove', 'promo.acme.example', '--yes', '--if-exists']);
    expect(again.exitCode).toBe(0);
    expect(keyValues(again.stdout)).toEqual({ id: 'promo.acme.example', deleted: 'false' });
    expect((await run(['domain', 'remove', 'promo.acme.example', '--yes'])).exitCode).toBe(4);
  });
});

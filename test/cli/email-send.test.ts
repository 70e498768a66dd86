// `email send` against the emulator (service-api-rest.md 4.3, 4.5, section 7; cli.md): the exact
// request, input refused before anything is sent, never sent twice after a lost answer, only
// 429 rate_limit_exceeded retried, quota refusals (exit 6 with the reset time), --template's
// merge tags checked first, the sandbox notice, --at and --dry-run.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as errors from '../../src/errors.js';
import { runArgv } from '../../src/main.js';
import { fakeClock, runInProcess, testContext, useEmulator } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { keyValues } from '../helpers/parse.js';
import emailSend from '../../src/commands/email/send.js';

const emu = useEmulator({ seed: 28, events: 10 });
const dir = mkdtempSync(join(tmpdir(), 'mailctl-send-'));
const body = join(dir, 'body.txt');
writeFileSync(body, 'Hello from the test.\n');
const FROM = 'hello@acme.example';

const send = (args: string[], key: 'full' | 'sandbox' | (string & {}) = 'full', stdin?: string, from = FROM) =>
  runInProcess(['email', 'send', '--from', from, ...args], { emulator: emu, key, stdin });
const FREE_FROM = 'hello@initech.example';
const posts = (r: { requests: { method: string; path: string }[] }) => r.requests.filter((q) => q.method === 'POST');

describe('email send', () => {
  it("the help's --template example sends as it stands: it gives every merge tag the template requires", async () => {
    const example = emailSend.examples!.find((e) => e.includes('--template'))!;
    const r = await runInProcess(example.split(' ').slice(1), { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(0);
    const slug = /--template (\S+)/.exec(example)![1]!;
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /templates/${slug}/merge-tags`, 'POST /emails']);
    expect(posts(r)[0]).toMatchObject({ body: { template_slug: slug } });
  });

  it('sends POST /emails with the body built from the flags and prints id, accepted, rejected and the watch command', async () => {
    const r = await send([
      '--to', 'ann@example.com,bob@example.com', '--cc', 'cat@example.com', '--subject', 'Hi', '--text', body,
      '--header', 'X-Campaign: a, b', '--metadata', 'order=42', '--tag', 'receipts', '--no-track-opens', '--from-name', 'Acme',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(posts(r)).toHaveLength(1);
    expect(r.requests[0]).toMatchObject({
      method: 'POST', path: '/emails', status: 200,
      body: {
        from: FROM, from_name: 'Acme', to: ['ann@example.com', 'bob@example.com'], cc: ['cat@example.com'], subject: 'Hi',
        text: 'Hello from the test.\n', headers: { 'X-Campaign': 'a, b' }, metadata: { order: '42' }, tag: 'receipts', options: { open_tracking: false, click_tracking: true },
      },
    });
    const out = keyValues(r.stdout);
    expect(out.request_id).toMatch(/\S+/);
    expect(out).toMatchObject({ accepted: '3', rejected: '0' });
    expect(r.stderr).toContain(`mailctl events list --transmission ${out.request_id} --follow`);
  });

  it('always sends both tracking options (REST spec 11 item 4: the documented defaults disagree, send them explicitly)', async () => {
    const r = await send(['--to', 'ann@example.com', '--subject', 'Hi', '--text', body]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toEqual({
      from: FROM, to: ['ann@example.com'], subject: 'Hi', text: 'Hello from the test.\n', options: { open_tracking: true, click_tracking: true },
    });
    const off = await send(['--to', 'ann@example.com', '--subject', 'Hi', '--text', body, '--no-track-opens', '--no-track-clicks', '--dry-run', '--json']);
    expect(off.requests).toHaveLength(0);
    expect(JSON.parse(off.stdout).body.options).toEqual({ open_tracking: false, click_tracking: false });
  });

  it('limits count characters, as the spec does: metadata and header values of emoji at their limits are sent; one more is refused', async () => {
    const wide = (n: number) => '\u{1F600}'.repeat(n);
    const args = ['--to', 'ann@example.com', '--subject', 'Hi', '--text', body, '--metadata', `${wide(40)}=${wide(500)}`, '--header', `X-Wide: ${wide(998)}`];
    const r = await send(args);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]!.body).toMatchObject({ metadata: { [wide(40)]: wide(500) }, headers: { 'X-Wide': wide(998) } });
    const over = await send(['--to', 'ann@example.com', '--subject', 'Hi', '--text', body, '--metadata', `k=${wide(501)}`]);
    expectUsageError(over, over.requests, '--metadata');
  });

  it('sets every other field of 4.3: reply_to_name, amp_html, template_version, project_id and three options; the merge tags of that version and project are read first; --dry-run shows them', async () => {
    const amp = join(dir, 'amp.html');
    writeFileSync(amp, '<html amp4email><body>Hi</body></html>\n');
    const projects = await runInProcess(['project', 'list', '--json'], { emulator: emu });
    const marketing = (JSON.parse(projects.stdout) as { id: number; name: string }[]).find((p) => p.name === 'Marketing')!.id;
    const args = [
      '--to', 'ann@example.com', '--template', 'spring-sale', '--template-version', '1', '--project', String(marketing), '--var', 'discount=20%',
      '--reply-to', 'help@acme.example', '--reply-to-name', 'Acme help', '--amp-html', amp, '--no-transactional', '--inline-css', '--perform-substitutions',
    ];
    const want = {
      from: FROM, to: ['ann@example.com'], reply_to: 'help@acme.example', reply_to_name: 'Acme help', template_slug: 'spring-sale', template_version: 1,
      project_id: marketing, amp_html: '<html amp4email><body>Hi</body></html>\n', substitution_data: { discount: '20%' },
      options: { open_tracking: true, click_tracking: true, transactional: false, inline_css: true, perform_substitutions: true },
    };
    const r = await send(args);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /templates/spring-sale/merge-tags 200', 'POST /emails 200']);
    expect(r.requests[0]!.query).toEqual({ project_id: String(marketing), version: '1' });
    expect(posts(r)[0]!.body).toEqual(want);
    const dry = await send([...args, '--dry-run', '--json']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(posts(dry)).toHaveLength(0);
    expect(JSON.parse(dry.stdout).body).toEqual(want);
  });

  it('--at sends POST /emails/scheduled with scheduled_at', async () => {
    const r = await send(['--to', 'ann@example.com', '--subject', 'Later', '--text', body, '--at', '+2h', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/emails/scheduled', status: 201 });
    const sent = (r.requests[0]!.body as { scheduled_at: string }).scheduled_at;
    expect(sent).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(JSON.parse(r.stdout)).toMatchObject({ accepted: 1, rejected: 0, scheduled_at: sent });
  });

  it.each([
    ['an offset', (ms: number) => `${new Date(ms + 2 * 3600_000).toISOString().slice(0, 19)}+02:00`],
    ['no offset (UTC, as the help says)', (ms: number) => new Date(ms).toISOString().slice(0, 19)],
  ])('--at with %s sends scheduled_at as the UTC date-time 4.5 asks for', async (_, form) => {
    const at = Math.floor((Date.now() + 2 * 3600_000) / 1000) * 1000;
    const r = await send(['--to', 'ann@example.com', '--subject', 'Later', '--text', body, '--at', form(at)]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests[0]).toMatchObject({ method: 'POST', path: '/emails/scheduled', status: 201 });
    expect((r.requests[0]!.body as { scheduled_at: string }).scheduled_at).toBe(new Date(at).toISOString().replace('.000Z', 'Z'));
  });

  it.each([
    [['--to', Array.from({ length: 49 }, (_, i) => `u${i}@example.com`).join(','), '--cc', 'a@example.com,b@example.com'], '50 recipients in all'],
    [['--to', 'not-an-address'], '--to'],
    [['--to', 'ann@example.com', '--header', 'Subject: x'], '--header'],
    [['--to', 'ann@example.com', ...Array.from({ length: 11 }, (_, i) => ['--header', `X-H${i}: v`]).flat()], 'at most 10 headers'],
    [['--to', 'ann@example.com', '--metadata', `${'k'.repeat(41)}=v`], '--metadata'],
    [['--to', 'ann@example.com', '--metadata', `k=${'v'.repeat(501)}`], '--metadata'],
    [['--to', 'ann@example.com', '--at', '+2m'], 'at least 5 minutes'],
    // the service checks the 5 minutes when the request arrives, a moment later: +5m always failed there (422)
    [['--to', 'ann@example.com', '--at', '+5m'], 'at least 5 minutes'],
    [['--to', 'ann@example.com', '--at', '+4d'], 'at most 3 days'],
    [['--to', 'ann@example.com', '--attach', '/nonexistent/file.pdf'], '--attach'],
    [['--to', 'ann@example.com', '--tag', 'has space'], '--tag'],
  ])('refuses %j before sending anything', async (args, words) => {
    const r = await send([...args, '--subject', 'S', '--text', body]);
    expectUsageError(r, r.requests, words);
  });

  it('refuses a send with no body or no subject', async () => {
    const none = await send(['--to', 'ann@example.com', '--subject', 'S']);
    expectUsageError(none, none.requests, '--template');
    const noSubject = await send(['--to', 'ann@example.com', '--text', body]);
    expectUsageError(noSubject, noSubject.requests, '--subject');
  });

  it('refuses an empty body file', async () => {
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', empty]);
    expectUsageError(r, r.requests, '--text');
  });

  it('refuses a body file that is not UTF-8 text instead of sending it mangled (cli.md: bad input file, exit 2)', async () => {
    const latin1 = join(dir, 'latin1.txt');
    writeFileSync(latin1, Buffer.from('Caf\xe9 au lait\n', 'latin1'));
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', latin1]);
    expectUsageError(r, r.requests, `--text ${latin1}: not UTF-8 text`);
    const withNul = await send(['--to', 'ann@example.com', '--subject', 'S', '--html', '-'], 'full', '<p>a\u0000b</p>');
    expectUsageError(withNul, withNul.requests, '--html (stdin): not a text file');
  });

  it('refuses attachments over 5 MB after encoding', async () => {
    const big = join(dir, 'big.bin');
    writeFileSync(big, Buffer.alloc(4 * 1024 * 1024));
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body, '--attach', big]);
    expectUsageError(r, r.requests, '5 MB');
  });

  it('--attach stops reading at the 5 MB bound: a pipe or device that never ends is refused, not read into memory', async () => {
    const fifo = join(dir, 'endless');
    execFileSync('mkfifo', [fifo]);
    const writer = createWriteStream(fifo).on('error', () => {}); // the reader goes away: EPIPE
    writer.write(Buffer.alloc(6 * 1024 * 1024)); // and the pipe stays open: no end of file
    try {
      const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body, '--attach', fifo]);
      expectUsageError(r, r.requests, '--attach: the attachments come to more than 5 MB after base64 encoding');
    } finally {
      writer.destroy();
    }
  });

  it('a dropped connection after the request was sent: exit 7, one request only, and how to check', async () => {
    emu.scriptFault({ method: 'POST', path: '/emails', drop: true, times: 3 });
    const r = await runInProcess(['email', 'send', '--from', FROM, '--to', 'ann@example.com', '--subject', 'S', '--text', body, '--retries', '3'], { emulator: emu });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.requests).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('may have been sent');
    expect(r.stderr).toContain('mailctl email list --recipient ann@example.com');
  });

  it('Ctrl-C while the send waits for its answer: exit 130, and says the email may have been sent and how to check', async () => {
    emu.scriptFault({ method: 'POST', path: '/emails', delayMs: 5000, times: 1 });
    const tc = await testContext({ emulator: emu });
    const run = runArgv(['node', 'mailctl', 'email', 'send', '--from', FROM, '--to', 'ann@example.com', '--subject', 'S', '--text', body], tc.runtime, errors);
    for (let i = 0; i < 500 && posts({ requests: emu.requests }).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    tc.abort(new errors.InterruptedError());
    const code = await run;
    await tc.close();
    expect(code).toBe(130);
    expect(posts({ requests: emu.requests })).toHaveLength(1);
    expect(tc.stdout()).toBe('');
    expect(tc.stderr()).toContain('the email may have been sent: interrupted while waiting for its answer');
    expect(tc.stderr()).toContain('`mailctl email list --recipient ann@example.com`');
  });

  it('Ctrl-C during the wait after a 429 rate_limit_exceeded (nothing accepted, nothing in flight): exit 130, no "may have been sent"', async () => {
    emu.scriptFault({
      method: 'POST', path: '/emails', status: 429, headers: { 'Retry-After': '2' },
      body: JSON.stringify({ message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }),
    });
    let stop = () => undefined as void;
    const clock = fakeClock();
    const tc = await testContext({ emulator: emu, clock: { ...clock, sleep: async () => (stop(), Promise.reject(new errors.InterruptedError())) } });
    stop = () => tc.abort(new errors.InterruptedError());
    const code = await runArgv(['node', 'mailctl', 'email', 'send', '--from', FROM, '--to', 'ann@example.com', '--subject', 'S', '--text', body], tc.runtime, errors);
    await tc.close();
    expect(code).toBe(130);
    expect(posts({ requests: emu.requests }).map((q) => q.status)).toEqual([429]);
    expect(tc.stderr()).not.toContain('may have been sent');
  });

  it('a 503 is not retried (the email may have been accepted)', async () => {
    emu.scriptFault({ method: 'POST', path: '/emails', status: 503, times: 3 });
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body]);
    expect(r.exitCode).not.toBe(0);
    expect(r.requests).toHaveLength(1);
    expect(r.stderr).toContain('may have been sent');
  });

  it('a 5xx keeps the API\'s code and status on the error line and in the JSON error (cli.md "Exit codes")', async () => {
    // The spec's generic 500 (service-api-rest.md §9.2), with its own message, so both can be traced to the answer.
    const answer = JSON.stringify({ message: 'The send pipeline failed.', error_code: 'send_error' });
    emu.scriptFault({ method: 'POST', path: '/emails', status: 500, times: 2, body: answer });
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body]);
    expect(r.exitCode).toBe(1);
    expect(r.requests).toHaveLength(1);
    expect(r.stderr.split('\n')[0]).toBe('error: the email may have been sent: The send pipeline failed. (send_error, HTTP 500)');
    const json = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body, '--json']);
    expect(json.exitCode).toBe(1);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr.trimEnd().split('\n').at(-1)!)).toMatchObject({ error: { status: 500, code: 'send_error', message: expect.stringContaining('The send pipeline failed.'), exit_code: 1 } });
  });

  it('a 429 rate_limit_exceeded is retried after Retry-After, and the email is sent once', async () => {
    emu.scriptFault({
      method: 'POST', path: '/emails', status: 429, headers: { 'Retry-After': '2' },
      body: JSON.stringify({ message: 'Rate limit exceeded.', error_code: 'rate_limit_exceeded' }),
    });
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => q.status)).toEqual([429, 200]);
    expect(r.sleeps).toContain(2000);
  });

  it('a quota refusal is not retried: exit 6 with the reset time, -q or not', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `q${i}@example.com`).join(',');
    for (let i = 0; i < 2; i++) {
      const ok = await send(['--to', many, '--subject', 'S', '--text', body], emu.keys.free_tier!, undefined, FREE_FROM);
      expect(ok.exitCode, ok.stderr).toBe(0);
      expect(ok.stderr).toContain('free-tier quota left');
    }
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body], emu.keys.free_tier!, undefined, FREE_FROM);
    expect(r.exitCode, r.stderr).toBe(6);
    expect(r.requests).toHaveLength(1);
    expect(r.stderr).toContain('daily_quota_exceeded');
    const midnight = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000).toISOString().replace('.000Z', 'Z');
    expect(r.stderr).toContain(`resets at ${midnight}`);
    // -q drops hints, not the reset time (cli.md: quota refusals exit 6 with the reset time)
    const quiet = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body, '-q'], emu.keys.free_tier!, undefined, FREE_FROM);
    expect(quiet.exitCode, quiet.stderr).toBe(6);
    expect(quiet.stderr).toContain(`resets at ${midnight}`);
  });

  it('--template: a missing --var is a usage error naming it, after reading the merge tags; nothing is sent', async () => {
    const r = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--var', 'confirmation_url=https://x.example/c']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('unsubscribe_url');
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /templates/welcome-email/merge-tags']);
    const ok = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--var', 'confirmation_url=https://x.example/c', '--var', 'unsubscribe_url=https://x.example/u']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(posts(ok)[0]).toMatchObject({
      path: '/emails', body: { template_slug: 'welcome-email', substitution_data: { confirmation_url: 'https://x.example/c', unsubscribe_url: 'https://x.example/u' } },
    });
  });

  it('--fields naming no field of the result is refused before the merge tags are read: no request at all', async () => {
    const r = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--var', 'confirmation_url=https://x.example/c', '--var', 'unsubscribe_url=https://x.example/u', '--fields', 'nope']);
    expectUsageError(r, r.requests, 'unknown field "nope"');
  });

  it('--template with a Sending Only key (spec 5.2: emails:send without templates:read): the merge tags cannot be read, so it says so and sends unchecked', async () => {
    emu.scriptFault({
      method: 'GET', path: '/templates/welcome-email/merge-tags', status: 403, times: 1,
      body: JSON.stringify({ message: 'This API key does not have the required scope: templates:read.', error_code: 'insufficient_scope' }),
    });
    const r = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--var', 'confirmation_url=https://x.example/c', '--var', 'unsubscribe_url=https://x.example/u']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /templates/welcome-email/merge-tags 403', 'POST /emails 200']);
    expect(r.stderr).toContain('cannot check the merge tags of template welcome-email: the API key lacks templates:read; sending without the check');
  });

  it('--no-perform-substitutions: no merge tag is filled in, so none is required (nothing read first), and a --var is said to go unused', async () => {
    const r = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--no-perform-substitutions']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /emails']);
    expect(r.requests[0]!.body).toMatchObject({ template_slug: 'welcome-email', options: { perform_substitutions: false } });
    const withVar = await send(['--to', 'ann@example.com', '--template', 'welcome-email', '--no-perform-substitutions', '--var', 'a=b']);
    expect(withVar.exitCode, withVar.stderr).toBe(0);
    expect(withVar.stderr).toContain('those values are sent but unused');
  });

  it('a sandbox key: says before sending that the recipients will be replaced', async () => {
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--text', body], 'sandbox');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/sandbox key: every recipient will be replaced/);
  });

  it('--dry-run prints the request with attachment contents abbreviated, and sends nothing', async () => {
    const pdf = join(dir, 'report.pdf');
    writeFileSync(pdf, Buffer.from('%PDF-1.4 test'));
    const r = await send(['--to', 'ann@example.com', '--subject', 'S', '--html', '-', '--attach', pdf, '--dry-run', '--json'], 'full', '<p>Hi</p>');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toHaveLength(0);
    const printed = JSON.parse(r.stdout) as { method: string; url: string; body: { html: string; attachments: { name: string; type: string; data: string }[] } };
    expect(printed).toMatchObject({ dry_run: true, method: 'POST', url: `${emu.baseUrl}/emails`, body: { html: '<p>Hi</p>' } });
    expect(printed.body.attachments[0]).toMatchObject({ name: 'report.pdf', type: 'application/pdf' });
    expect(printed.body.attachments[0]!.data).toContain('abbreviated');
    expect(r.stderr).toContain('abbreviated');
  });
});

// A listing that fails half-way (cli.md: "a failure half-way reports exactly what was done and
// how to finish"): the rows read so far are out, and stderr names the command that lists the
// rest. Run here, that command prints exactly the rows the failed run did not: the two runs
// together are the whole listing, nothing twice, nothing missing, for cursor and numbered pages.
import { describe, expect, it } from 'vitest';
import { emulatorEnv, ndjson } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';

const emu = useEmulator({ seed: 11, events: 450, contacts: 230 });
const env = () => emulatorEnv(emu, 'full');
type Row = Record<string, unknown>;

/** The command after "The rest:" as argv (mailctl's own quoting: shell words, none of them quoted here). */
function restCommand(stderr: string): string[] {
  const m = /^warning: stopped after (\d+) pages? \((\d+) rows? written\)\. The rest:\n {2}mailctl (.+)$/m.exec(stderr);
  expect(m, stderr).not.toBeNull();
  expect(m![3]).not.toMatch(/['"\\]/);
  return m![3]!.split(' ');
}

describe('a listing that fails half-way names the command for the rest', () => {
  it('cursor pages (events list --all): the rest continues from the failed page', async () => {
    const whole = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '100'], { env: env() });
    expect(whole.code, whole.stderr).toBe(0);
    const all = ndjson(whole.stdout) as Row[];
    expect(all).toHaveLength(450);

    emu.clearRequests();
    emu.scriptFault({ method: 'GET', path: '/emails/events', status: 502, skip: 2, times: 1 });
    const failed = await runCli(['events', 'list', '--all', '--ndjson', '--per-page', '100', '--retries', '0'], { env: env() });
    expect(failed.code).toBe(1);
    const first = ndjson(failed.stdout) as Row[];
    expect(first).toHaveLength(200);
    expect(failed.stderr).toContain('stopped after 2 pages (200 rows written)');
    const rest = restCommand(failed.stderr);
    expect(rest.slice(0, 2)).toEqual(['events', 'list']);
    expect(rest).toContain('--all');

    const second = await runCli(rest, { env: env() });
    expect(second.code, second.stderr).toBe(0);
    expect([...first, ...(ndjson(second.stdout) as Row[])].map((e) => e.event_id)).toEqual(all.map((e) => e.event_id));
  });

  it('numbered pages (contact list --limit): the rest asks for the next page and the rows still owed', async () => {
    const whole = await runCli(['contact', 'list', '--limit', '150', '--per-page', '20', '--ndjson'], { env: env() });
    expect(whole.code, whole.stderr).toBe(0);
    const wanted = (ndjson(whole.stdout) as Row[]).map((c) => c.id);
    expect(wanted).toHaveLength(150);

    emu.clearRequests();
    emu.scriptFault({ method: 'GET', path: '/audience/contacts', status: 503, skip: 3, times: 1 });
    const failed = await runCli(['contact', 'list', '--limit', '150', '--per-page', '20', '--ndjson', '--retries', '0'], { env: env() });
    expect(failed.code).toBe(1);
    const first = (ndjson(failed.stdout) as Row[]).map((c) => c.id);
    expect(first).toEqual(wanted.slice(0, 60));
    const rest = restCommand(failed.stderr);
    expect(rest.join(' ')).toContain('--limit 90');
    expect(rest.join(' ')).toContain('--page 4');

    const second = await runCli(rest, { env: env() });
    expect(second.code, second.stderr).toBe(0);
    expect([...first, ...(ndjson(second.stdout) as Row[]).map((c) => c.id)]).toEqual(wanted);
  });

  it('--all with --limit: the rest still stops at the rows owed (--limit ends the listing either way)', async () => {
    emu.scriptFault({ method: 'GET', path: '/audience/contacts', status: 503, skip: 1, times: 1 });
    const failed = await runCli(['contact', 'list', '--all', '--limit', '150', '--per-page', '20', '--ndjson', '--retries', '0'], { env: env() });
    expect(failed.code).toBe(1);
    expect(ndjson(failed.stdout)).toHaveLength(20);
    const rest = restCommand(failed.stderr).join(' ');
    expect(rest).toContain('--limit 130');
    expect(rest).toContain('--page 2');
  });

  it('a failure on the first page has nothing to continue from: the error alone', async () => {
    emu.scriptFault({ method: 'GET', path: '/emails/events', status: 502, times: 1 });
    const r = await runCli(['events', 'list', '--all', '--ndjson', '--retries', '0'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('The rest:');
  });

  it('a listing whose first page fails prints no empty array or bare header: stdout stays empty in every format', async () => {
    for (const [args, path] of [[['events', 'list'], '/emails/events'], [['contact', 'list'], '/audience/contacts'], [['email', 'list'], '/emails']] as const) {
      for (const format of ['--json', '--csv', '--ndjson']) {
        emu.scriptFault({ method: 'GET', path, status: 502, times: 1 });
        const r = await runCli([...args, format, '--retries', '0'], { env: env() });
        expect([r.code, r.stdout], `${args.join(' ')} ${format}: ${r.stderr}`).toEqual([1, '']);
      }
    }
  });
});

// Issue 31 item 1: `mailctl report --db A --html A` exited 0 and left an HTML page where the
// archive was. A run never writes an output file over a file it reads (same path, a symlink
// to it, or a hard link: same device and inode): exit 2 naming both flags, nothing read or
// written. Output files are written beside the target and renamed into place at the end, so
// the file there is either the old one or the whole new one (the failure half-way, under
// `ulimit -f`, is in short-writes.test.ts).
import { linkSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, chmodSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fakeClock, runInProcess } from '../helpers/context.js';
import { expectUsageError } from '../helpers/expect.js';
import { writeArchive } from '../report/fixtures.js';

const clock = fakeClock();
const at = new Date(clock.now() - 3_600_000).toISOString();

/** A fresh archive with a few events, in a folder of its own; and its bytes, to check it is untouched. */
function archive(): { file: string; dir: string; bytes: Buffer } {
  const file = writeArchive([
    { event_id: 'a1', type: 'injection', timestamp: at, request_id: 'r1', rcpt_to: 'u1@example.org' },
    { event_id: 'a2', type: 'delivery', timestamp: at, request_id: 'r1', rcpt_to: 'u1@example.org' },
  ]);
  return { file, dir: join(file, '..'), bytes: readFileSync(file) };
}

const report = (args: string[], env: Record<string, string> = {}) =>
  runInProcess(['report', '--from', '1d', ...args], { emulator: false, key: null, clock, env });

describe('an output file over a file the run reads', () => {
  it('report --db A --html A: exit 2 naming --db and --html, and the archive is untouched', async () => {
    const a = archive();
    const r = await report(['--db', a.file, '--html', a.file]);
    expectUsageError(r, []);
    expect(r.stderr).toContain('--html');
    expect(r.stderr).toContain('--db');
    expect(readFileSync(a.file).equals(a.bytes)).toBe(true);
  });

  it('the same file by another name: a relative path, a symlink, a hard link', async () => {
    const a = archive();
    const link = join(a.dir, 'link.html');
    symlinkSync(a.file, link);
    const hard = join(a.dir, 'hard.html');
    linkSync(a.file, hard);
    for (const html of [relative(process.cwd(), a.file), link, hard]) {
      const r = await report(['--db', a.file, '--html', html]);
      expectUsageError(r, [], '--db');
      expect(r.stderr, html).toContain(`--html ${html}`);
    }
    // and the other way round: the archive named through the link
    const r = await report(['--db', link, '--html', a.file]);
    expectUsageError(r, [], '--html');
    expect(readFileSync(a.file).equals(a.bytes)).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('the default archive (MAILCTL_DB, --db alone) is an input too', async () => {
    const a = archive();
    const r = await report(['--db', '--html', a.file], { MAILCTL_DB: a.file });
    expectUsageError(r, [], '--db');
    expect(readFileSync(a.file).equals(a.bytes)).toBe(true);
  });

  it("mailctl's own files are inputs of every run: the config file (it may hold the key), the CA file, the password file", async () => {
    const a = archive();
    const dir = tempDir('mailctl-own-');
    const config = join(dir, 'config.json');
    const ca = join(dir, 'ca.pem');
    const pgpass = join(dir, 'pgpass');
    writeFileSync(config, '{"current_profile":"default","profiles":{"default":{}}}\n');
    writeFileSync(ca, 'not really a certificate\n');
    writeFileSync(pgpass, '*:*:*:*:secret\n');
    for (const [target, named] of [[config, "mailctl's config file"], [ca, 'the CA file NODE_EXTRA_CA_CERTS names'], [pgpass, 'the PostgreSQL password file']] as const) {
      const before = readFileSync(target);
      const r = await runInProcess(['report', '--from', '1d', '--db', a.file, '--html', target], {
        emulator: false, key: null, clock, configDir: dir, env: { NODE_EXTRA_CA_CERTS: ca, PGPASSFILE: pgpass },
      });
      expectUsageError(r, [], '--html');
      expect(r.stderr).toContain(named);
      expect(readFileSync(target).equals(before), target).toBe(true);
    }
    // campaign show --html-out and template pull --dir go through the same check
    const shown = await runInProcess(['campaign', 'show', '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', '--html-out', config], { emulator: false, key: 'k', configDir: dir });
    expectUsageError(shown, [], '--html-out');
  });
});

describe('output files are replaced whole', () => {
  it('an existing file is replaced by the whole report, keeps its mode, and no temporary file stays', async () => {
    const a = archive();
    const html = join(a.dir, 'report.html');
    writeFileSync(html, 'the previous report');
    chmodSync(html, 0o640);
    const r = await report(['--db', a.file, '--html', html]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/^<!doctype html>[^]*<\/html>\n$/);
    expect(statSync(html).mode & 0o777).toBe(0o640);
    expect(readdirSync(a.dir).filter((f) => f.includes('report.html'))).toEqual(['report.html']);
  });

  it('a symlink to the output stays a link and its target gets the report', async () => {
    const a = archive();
    const real = join(a.dir, 'real.html');
    writeFileSync(real, 'old');
    const link = join(a.dir, 'latest.html');
    symlinkSync(real, link);
    const r = await report(['--db', a.file, '--html', link]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toMatch(/^<!doctype html>/);
  });
});

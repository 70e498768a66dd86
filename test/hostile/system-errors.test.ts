// Issue 31, item 22: everyday failures of the machine or of a path (a full disk, a read-only
// mount, a folder mailctl may not write, a file where a folder must be) are known conditions:
// one line saying what failed and where, exit 1 for the machine's condition and 2 for a bad
// path, never "unexpected failure ... report it" with a stack-trace hint.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, ExitCode, systemFailure } from '../../src/errors.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'s'.repeat(64)}`;

const fsError = (code: string, syscall: string, path?: string, dest?: string) =>
  Object.assign(new Error(`${code}: something, ${syscall}`), { code, syscall, ...(path ? { path } : {}), ...(dest ? { dest } : {}) });

describe('the mapping from Node system errors to one line', () => {
  it.each([
    [fsError('ENOSPC', 'write', '/data/x.json'), 1, 'cannot write to /data/x.json: no space left on device (ENOSPC)'],
    [fsError('EACCES', 'mkdir', '/srv/mailctl/default'), 1, 'cannot create the folder /srv/mailctl/default: permission denied (EACCES)'],
    [fsError('EROFS', 'rename', '/ro/.tmp', '/ro/config.json'), 1, 'cannot rename /ro/.tmp to /ro/config.json: read-only file system (EROFS)'],
    [fsError('ENOTDIR', 'mkdir', '/etc/passwd/db'), 2, 'cannot create the folder /etc/passwd/db: a part of the path is a file, not a folder (ENOTDIR)'],
    [fsError('EISDIR', 'open', '/tmp'), 2, 'cannot open /tmp: it is a folder, not a file (EISDIR)'],
    [fsError('EEXIST', 'mkdir', '/tmp/file'), 2, 'cannot create the folder /tmp/file: something else already exists there (EEXIST)'],
  ])('%s', (error, code, message) => {
    const mapped = systemFailure(error);
    expect(mapped).toBeInstanceOf(CliError);
    expect(mapped!.exitCode).toBe(code);
    expect(mapped!.message).toBe(message);
  });

  it('leaves network errors, our own errors and plain bugs alone', () => {
    expect(systemFailure(fsError('ECONNREFUSED', 'connect'))).toBeUndefined();
    expect(systemFailure(new CliError('x', ExitCode.Failure))).toBeUndefined();
    expect(systemFailure(new TypeError('x is undefined'))).toBeUndefined();
  });
});

describe('commands meeting them', () => {
  it('a config directory below a file: auth login says which path, exit 2, nothing saved', async () => {
    const root = tempDir('mailctl-sys-');
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const r = await runCli(['auth', 'login', '--no-verify', '--storage', 'file'], { env: { MAILCTL_CONFIG_DIR: join(file, 'mailctl') }, input: KEY });
    expectCleanFailure(r, 2, 'config dir below a file');
    expect(r.stderr).toMatch(/^error: cannot (open|create the folder) \S*a-file\/mailctl\S*: a part of the path is a file, not a folder \(ENOTDIR\)\n/);
    expect(r.stderr).not.toContain('report it');
    expect(r.stderr).not.toContain(KEY);
  });

  it.runIf(process.platform !== 'win32')('a disk that refuses the write during auth login (ulimit -f 0, as ENOSPC): one line naming the file, exit 1, nothing left behind', async () => {
    const dir = tempDir('mailctl-full-');
    const child = spawn('bash', ['-c', `ulimit -f 0; exec "${process.execPath}" "${BIN}" auth login --no-verify --storage file`], {
      env: { PATH: process.env.PATH!, HOME: process.env.HOME!, MAILCTL_CONFIG_DIR: dir, MAILCTL_NO_KEYCHAIN: '1', MAILCTL_CACHE_DIR: tempDir('mailctl-cache-') },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.end(KEY);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(new RegExp(`^error: cannot write to ${join(dir, 'config.json.lock').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: file too large \\(EFBIG\\)\\n`));
    expect(stderr).not.toContain('unexpected');
    expect(stderr).not.toContain(KEY);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

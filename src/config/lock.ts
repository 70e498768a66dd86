import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { CliError, ExitCode } from '../errors.js';

/**
 * An exclusive lock file beside the config file, held for one read-modify-write, so that two
 * mailctl processes saving at once (20 parallel `auth login --profile pN` in a CI job) never
 * lose each other's change. The lock is a file created with O_EXCL that names its owner's pid;
 * a lock whose owner is gone, or older than STALE_MS (a crashed or frozen writer), is broken.
 * The store's writes take milliseconds, so waiting up to WAIT_MS is generous.
 */
const STALE_MS = 10_000;
const WAIT_MS = 15_000;

const pause = new Int32Array(new SharedArrayBuffer(4));
/** The store's API is synchronous (as conf's was): a short blocking pause between attempts. */
function sleepSync(ms: number): void {
  Atomics.wait(pause, 0, 0, ms);
}

function ownerAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(lockPath: string, now: number): boolean {
  try {
    const age = now - statSync(lockPath).mtimeMs;
    if (age > STALE_MS) return true;
    // Read once: a lock file being written this very moment has no pid yet (not stale), and
    // reading it twice could pair "no pid" from the first read with "written" from the second,
    // breaking a live owner's lock (two writers at once, one change lost).
    const owner = readFileSync(lockPath, 'utf8').trim();
    return owner !== '' && !ownerAlive(Number(owner));
  } catch {
    return false; // gone already: the next attempt takes it
  }
}

export function withFileLock<T>(lockPath: string, work: () => T, now: () => number = Date.now): T {
  const deadline = now() + WAIT_MS;
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = openSync(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new CliError(`cannot lock the config file (${lockPath}): ${(error as Error).message}`, ExitCode.Failure);
      }
      if (isStale(lockPath, now())) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (now() > deadline) {
        throw new CliError(`the config file is locked by another mailctl (${lockPath} exists)`, ExitCode.Failure, {
          hint: `if no other mailctl is running, remove ${lockPath}`,
        });
      }
      sleepSync(Math.min(50, 5 + attempt * 5));
    }
  }
  try {
    try {
      writeSync(fd, `${process.pid}\n`);
    } catch (error) {
      // a write by descriptor names no file: say which one (main.ts reports it as "what and where")
      throw Object.assign(error as NodeJS.ErrnoException, { path: lockPath });
    }
    return work();
  } finally {
    closeSync(fd);
    rmSync(lockPath, { force: true });
  }
}

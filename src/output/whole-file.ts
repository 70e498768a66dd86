import { constants } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** node:fs/promises (and the readline modules it loads), for a run that names a file: the others never compile it. */
const fsp = () => process.getBuiltinModule('node:fs/promises');

// The one writer of output files (`report --html FILE`, `campaign show --html-out FILE`, any
// later command with an output path), and the one check of a run's files before it starts.
//
// A file is written to a temporary file beside it, flushed to disk, and renamed over the
// target at the end: a failure half-way (a full disk, `ulimit -f`, a crash) leaves what was
// there before, never a cut document that a browser opens as if it were whole. A run must not
// write over a file it reads (`report --db A --html A` used to leave an HTML page where the
// archive was): checkRunFiles refuses that before anything is read or sent.

/** A write of a whole file that failed; the target was left as it was. */
export type WholeFileError = NodeJS.ErrnoException;

/** The file a path names: a symlink is followed, so the link stays and its target is replaced. */
async function finalPath(path: string): Promise<string> {
  return fsp().realpath(path).catch(() => resolve(path));
}

export async function writeWholeFile(path: string, text: string): Promise<void> {
  const target = await finalPath(path);
  const before = await fsp().stat(target).catch(() => undefined);
  // node:crypto is loaded here, by the commands that write a file, not by their --help
  const { randomBytes } = await import('node:crypto');
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  // 'wx': never follows or reuses something already at the temporary name
  const handle = await fsp().open(temp, 'wx', 0o666);
  try {
    await handle.writeFile(text);
    // a replaced file keeps its permissions; a new one gets the umask's, as `>` would give it
    if (before) await handle.chmod(before.mode & 0o7777);
    await handle.sync();
    await handle.close();
    await fsp().rename(temp, target);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fsp().unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(target));
}

/** The rename itself reaches the disk with the folder's entry (best effort: not every system can). */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp().open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

/** One file of a run, by the flag that names it. */
export interface RunFile {
  flag: string;
  /** undefined: the flag was not given; `-` (stdin) and URLs (postgres://) are not files and are skipped. */
  path: string | undefined;
}

/** Every file a run reads and every file it writes: what checkRunFiles compares. */
export interface RunFiles {
  inputs: RunFile[];
  outputs: RunFile[];
  /** Files every run may read whatever its flags (config/paths.ts ownFiles: the config file, which holds the key), each with what it is. */
  own?: Array<RunFile & { what: string }>;
}

const NOT_A_FILE = /^(-|[a-z][a-z0-9+.-]*:\/\/.*)$/i;

/** dev:ino of an existing file (symlinks followed), and its absolute real path. */
async function identity(path: string): Promise<{ id?: string; real: string }> {
  const info = await fsp().stat(path).catch(() => undefined);
  return { id: info ? `${info.dev}:${info.ino}` : undefined, real: await finalPath(path) };
}

/**
 * Before anything is read or sent: each output's folder exists and is writable, the output is
 * not a folder, and it is not the same file (same real path, or same device and inode: a
 * symlink or a hard link) as an input of the run or another output. Each failure is a usage
 * error naming the flags.
 */
export async function checkRunFiles(files: RunFiles): Promise<void> {
  const given = [...files.inputs, ...(files.own ?? [])];
  const inputs = given.filter((f): f is { flag: string; path: string; what?: string } => f.path !== undefined && !NOT_A_FILE.test(f.path));
  const outputs = files.outputs.filter((f): f is { flag: string; path: string } => f.path !== undefined);
  const seen: Array<{ flag: string; path: string; what?: string; id?: string; real: string }> = [];
  for (const f of inputs) seen.push({ ...f, ...(await identity(f.path)) });
  for (const out of outputs) {
    const dir = dirname(resolve(out.path));
    if (!(await fsp().stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`${out.flag} ${out.path}: the folder ${dir} does not exist`);
    if ((await fsp().stat(out.path).catch(() => undefined))?.isDirectory()) throw new UsageError(`${out.flag} ${out.path}: is a folder, not a file`);
    await fsp().access(dir, constants.W_OK).catch(() => {
      throw new UsageError(`${out.flag} ${out.path}: the folder ${dir} is not writable`);
    });
    const me = await identity(out.path);
    const same = seen.find((s) => s.real === me.real || (s.id !== undefined && s.id === me.id));
    if (same) {
      const reads = seen.indexOf(same) < inputs.length;
      throw new UsageError(
        same.what
          ? `${out.flag} ${out.path} is ${same.what}: writing it would destroy it (nothing was read or written)`
          : reads
          ? `${out.flag} ${out.path} is the file that ${same.flag} ${same.path} reads: writing it would destroy it (nothing was read or written)`
          : `${out.flag} ${out.path} and ${same.flag} ${same.path} are the same file (nothing was read or written)`,
        { hint: `choose another file for ${out.flag}` },
      );
    }
    seen.push({ ...out, ...me });
  }
}

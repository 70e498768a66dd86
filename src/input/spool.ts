import { rmSync } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError, ExitCode } from '../errors.js';

// A private copy of an id source that cannot be read twice (stdin, a pipe or FIFO given as a
// file), made while it is checked, so that its ids can be streamed into requests afterwards
// instead of being held in memory. It lives in a directory of its own under os.tmpdir()
// ($TMPDIR): the directory is 0700 and the file 0600 from their creation. It is removed by
// close() (every normal and failing end of the command, Ctrl-C and SIGTERM included) and, as a
// last resort, when the process exits (main.ts's forced exit after a second signal).

const live = new Set<string>();
let exitHookInstalled = false;

function removeLeftovers(): void {
  for (const dir of live) rmSync(dir, { recursive: true, force: true });
  live.clear();
}

function cannotSpool(name: string, dir: string, error: unknown): CliError {
  const e = error as NodeJS.ErrnoException;
  const why = e.code === 'ENOSPC' ? `no space left on device (ENOSPC)` : e.code ? `${e.message.split(',')[0]} (${e.code})` : String(e.message);
  return new CliError(`cannot keep a copy of ${name} in ${dir}: ${why}; nothing was sent`, ExitCode.Failure, {
    hint: 'set TMPDIR to a directory with room, or give the ids in a file (--contacts-file PATH)',
  });
}

export class Spool {
  private constructor(
    readonly handle: FileHandle,
    private readonly dir: string,
    private readonly name: string,
  ) {}

  /** A new empty spool for the source called `name` (for messages), under `parent` (default os.tmpdir()). */
  static async create(name: string, parent = tmpdir()): Promise<Spool> {
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(parent, 'mailctl-ids-'));
      live.add(dir);
      if (!exitHookInstalled) {
        exitHookInstalled = true;
        process.once('exit', removeLeftovers);
      }
      return new Spool(await open(join(dir, 'ids'), 'wx+', 0o600), dir, name);
    } catch (error) {
      if (dir !== undefined) await Spool.remove(dir);
      throw cannotSpool(name, parent, error);
    }
  }

  private static async remove(dir: string): Promise<void> {
    live.delete(dir);
    await rm(dir, { recursive: true, force: true });
  }

  async write(bytes: Uint8Array): Promise<void> {
    try {
      let done = 0;
      while (done < bytes.length) done += (await this.handle.write(bytes, done, bytes.length - done)).bytesWritten;
    } catch (error) {
      throw cannotSpool(this.name, this.dir, error);
    }
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await Spool.remove(this.dir);
  }
}

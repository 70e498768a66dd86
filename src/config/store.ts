import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError, ExitCode, UsageError } from '../errors.js';
import type { Env } from '../io.js';
import { configDir, CONFIG_FILE_NAME } from './paths.js';
import { DEFAULT_PROFILE, readConfigData, worldWritable, type ConfigData, type ProfileData } from './data.js';
import { withFileLock } from './lock.js';

/**
 * The profile store: one JSON file, 0600, in a directory mailctl tightens to 0700 only when it
 * created it (a MAILCTL_CONFIG_DIR pointing at a shared directory such as /tmp is left as it is,
 * with a warning). Every change is a read-modify-write under an exclusive lock (lock.ts) and is
 * written atomically: a temporary file, 0600 from its creation, renamed over the old one, so a
 * reader never sees half a file and no concurrent writer's change is lost.
 */
export class ConfigStore {
  readonly path: string;
  private readonly dir: string;

  constructor(env: Env) {
    this.dir = configDir(env);
    this.path = join(this.dir, CONFIG_FILE_NAME);
    const created = mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // Only the directory mailctl itself made is chmodded (mode is masked by the umask).
    // (a directory it did not create is warned about by every run that reads the config: data.ts)
    if (created !== undefined) chmodSync(this.dir, 0o700);
  }

  /** A key is never saved where another user could swap the file: refused (exit 2), nothing written. */
  refuseKeyInUnsafePlace(): void {
    if (!worldWritable(this.dir) && !worldWritable(this.path)) return;
    const what = worldWritable(this.path) ? `the config file ${this.path}` : `the config directory ${this.dir}`;
    throw new UsageError(`refusing to store an API key: ${what} is writable by every user of this machine`, {
      hint: 'point MAILCTL_CONFIG_DIR at a directory only you can write (or let mailctl create one), or use MAILCTL_API_KEY',
    });
  }

  read(): ConfigData {
    return readConfigData(this.path);
  }

  currentProfile(): string {
    return this.read().current_profile ?? DEFAULT_PROFILE;
  }

  profiles(): Record<string, ProfileData> {
    return { ...this.read().profiles };
  }

  profile(name: string): ProfileData | undefined {
    const profiles = this.read().profiles;
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  setCurrentProfile(name: string): void {
    this.update((data) => {
      data.current_profile = name;
    });
  }

  /** Changes one profile; with `select`, also makes it the current one when none is chosen yet. */
  updateProfile(name: string, change: (profile: ProfileData) => ProfileData, options: { select?: boolean } = {}): void {
    this.update((data) => {
      data.profiles[name] = change({ ...(Object.hasOwn(data.profiles, name) ? data.profiles[name] : {}) });
      if (options.select && !data.current_profile) data.current_profile = name;
    });
  }

  removeProfile(name: string): boolean {
    let removed = false;
    this.update((data) => {
      if (!Object.hasOwn(data.profiles, name)) return;
      delete data.profiles[name];
      removed = true;
      if (data.current_profile === name) delete data.current_profile;
    });
    return removed;
  }

  /** One locked read-modify-write of the whole file. */
  private update(change: (data: ConfigData) => void): void {
    withFileLock(`${this.path}.lock`, () => {
      const data = this.read();
      // profile names are refused when they are Object.prototype's (data.ts), but the
      // object the names index is kept prototype-free anyway
      const profiles: Record<string, ProfileData> = Object.assign(Object.create(null), data.profiles);
      const next: ConfigData = { ...data, profiles };
      change(next);
      this.writeAtomically(`${JSON.stringify({ ...next, profiles: { ...next.profiles } }, null, '\t')}\n`);
    });
  }

  private writeAtomically(text: string): void {
    const temp = join(dirname(this.path), `.${CONFIG_FILE_NAME}.${process.pid}.${Date.now()}.tmp`);
    try {
      const fd = openSync(temp, 'wx', 0o600);
      try {
        writeSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, this.path);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new CliError(`cannot write the config file ${this.path}: ${(error as Error).message}; nothing was changed`, ExitCode.Failure);
    }
  }
}

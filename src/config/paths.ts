import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '../io.js';

/**
 * The config directory: MAILCTL_CONFIG_DIR, else the platform's standard place
 * (the same rule as env-paths, which conf uses). We compute it ourselves so that
 * reading settings never has to load conf.
 */
export function configDir(env: Env): string {
  if (env.MAILCTL_CONFIG_DIR) return env.MAILCTL_CONFIG_DIR;
  const home = env.HOME || homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'mailctl');
  if (process.platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'mailctl', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'mailctl');
}

export const CONFIG_FILE_NAME = 'config.json';

export function configFile(env: Env): string {
  return join(configDir(env), CONFIG_FILE_NAME);
}

/** The files every run may read whatever its flags, with what they are: never a command's output (output/whole-file.ts). */
export function ownFiles(env: Env): Array<{ flag: string; path: string | undefined; what: string }> {
  return [
    { flag: 'config', path: configFile(env), what: "mailctl's config file (it holds the profiles and may hold the API key)" },
    { flag: 'NODE_EXTRA_CA_CERTS', path: env.NODE_EXTRA_CA_CERTS || undefined, what: 'the CA file NODE_EXTRA_CA_CERTS names' },
    { flag: 'PGPASSFILE', path: pgpassFile(env), what: 'the PostgreSQL password file' },
  ];
}

/** The PostgreSQL password file libpq reads: PGPASSFILE, else ~/.pgpass. */
export function pgpassFile(env: Env): string {
  return env.PGPASSFILE || join(env.HOME || homedir(), '.pgpass');
}

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

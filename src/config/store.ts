import { chmodSync, mkdirSync } from 'node:fs';
import Conf from 'conf';
import type { Env } from '../io.js';
import { configDir, CONFIG_FILE_NAME } from './paths.js';
import { DEFAULT_PROFILE, type ConfigData, type ProfileData } from './data.js';

/** The writable, conf-backed profile store (file 0600 in a 0700 directory). */
export class ConfigStore {
  readonly path: string;
  private readonly conf: Conf<ConfigData>;

  constructor(env: Env) {
    const dir = configDir(env);
    // conf would create the directory world-readable; the key lives here.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    this.conf = new Conf<ConfigData>({
      cwd: dir,
      configName: CONFIG_FILE_NAME.replace(/\.json$/, ''),
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
      defaults: { profiles: {} },
    });
    this.path = this.conf.path;
    // configFileMode applies when conf writes; an older file may still be wider.
    try {
      chmodSync(this.path, 0o600);
    } catch {
      // not written yet: conf creates it 0600
    }
  }

  currentProfile(): string {
    return this.conf.get('current_profile') ?? DEFAULT_PROFILE;
  }

  setCurrentProfile(name: string): void {
    this.conf.set('current_profile', name);
  }

  profiles(): Record<string, ProfileData> {
    return { ...this.conf.get('profiles') };
  }

  profile(name: string): ProfileData | undefined {
    return this.profiles()[name];
  }

  updateProfile(name: string, change: (profile: ProfileData) => ProfileData): void {
    const profiles = this.profiles();
    profiles[name] = change({ ...profiles[name] });
    this.conf.set('profiles', profiles);
  }

  removeProfile(name: string): boolean {
    const profiles = this.profiles();
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.conf.set('profiles', profiles);
    if (this.conf.get('current_profile') === name) this.conf.delete('current_profile');
    return true;
  }
}

// Issue 31, item 23: a profile name is also a folder of the data directory (the archive lives in
// <data dir>/<profile>/events.sqlite), so only plain names are taken: letters, digits, "-", "_"
// and "." (not first). Refused at auth login, --profile, MAILCTL_PROFILE and profile use/remove.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { tempDir } from '../helpers/cli.js';
import { runCliInProcess as runCli } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

const KEY = `lttr_${'n'.repeat(64)}`;

describe('profile names that are not plain names', () => {
  for (const name of ['../../escape', 'a/b', '.hidden', '..', 'with space', 'naïve']) {
    it(`auth login --profile ${JSON.stringify(name)} is refused (exit 2) and nothing is stored`, async () => {
      const dir = tempDir('mailctl-names-');
      const r = await runCli(['auth', 'login', '--no-verify', '--storage', 'file', '--profile', name], { configDir: dir, input: KEY });
      expectCleanFailure(r, 2, `auth login --profile ${name}`);
      expect(r.stderr).toContain(`error: --profile: "${name}" is not a plain profile name`);
      expect(r.stderr).not.toContain(KEY);
      expect(existsSync(join(dir, 'config.json'))).toBe(false);
    });
  }

  it('events sync --profile ../../escape (a profile added by hand) creates nothing, inside or outside the data directory', async () => {
    const emu = await startEmulator({ events: 5 });
    try {
      const root = tempDir('mailctl-data-');
      const dir = tempDir('mailctl-names3-');
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { '../../escape': { base_url: emu.baseUrl } } }), { mode: 0o600 });
      const r = await runCli(['events', 'sync', '--profile', '../../escape'], {
        configDir: dir,
        env: { XDG_DATA_HOME: join(root, 'a', 'b'), MAILCTL_DB: undefined, MAILCTL_API_KEY: emu.keys.full },
      });
      expectCleanFailure(r, 2, 'events sync --profile ../../escape');
      expect(readdirSync(root)).toEqual([]);
      expect(emu.requests).toHaveLength(0);
    } finally {
      await emu.close();
    }
  });

  it('MAILCTL_PROFILE, profile use and profile remove refuse them too; plain names with dots, dashes and underscores work', async () => {
    const dir = tempDir('mailctl-names2-');
    const env = await runCli(['config', 'list'], { configDir: dir, env: { MAILCTL_PROFILE: '../x' } });
    expectCleanFailure(env, 2, 'MAILCTL_PROFILE=../x');
    expect(env.stderr).toMatch(/^error: MAILCTL_PROFILE: "..\/x" is not a plain profile name/);
    const use = await runCli(['profile', 'use', '../x'], { configDir: dir });
    expectCleanFailure(use, 2, 'profile use ../x');
    const remove = await runCli(['profile', 'remove', 'a/b'], { configDir: dir });
    expectCleanFailure(remove, 2, 'profile remove a/b');
    // a config file edited by hand to make such a profile current is refused as well
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ current_profile: '../up', profiles: {} }), { mode: 0o600 });
    const current = await runCli(['config', 'list'], { configDir: dir });
    expectCleanFailure(current, 2, 'current_profile ../up');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: {} }), { mode: 0o600 });
    const ok = await runCli(['auth', 'login', '--no-verify', '--storage', 'file', '--profile', 'ci_eu-2.prod'], { configDir: dir, input: KEY });
    expect(ok.code, ok.stderr).toBe(0);
  });
});

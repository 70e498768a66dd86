import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// npm warns on `npm ci` about every package whose install script allowScripts does not
// decide; a merge that drops an entry brings the warning back (docs/reliability.md).
describe('allowScripts in package.json', () => {
  it('decides every package of the lockfile that has an install script', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      allowScripts: Record<string, boolean>;
    };
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    const undecided = withScripts.filter((name) => !(name in manifest.allowScripts));
    expect(undecided).toEqual([]);
  });
});

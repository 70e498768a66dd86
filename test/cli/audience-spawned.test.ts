// One spawned bin/mailctl.js run per audience noun of issue 28 (the in-process
// suites cover the verbs): exit 0, data on stdout, no error on stderr, and the
// requests the emulator received.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emulatorEnv, runCli, tempDir } from '../helpers/cli.js';
import { useEmulator } from '../helpers/context.js';
import { tsvRows } from '../helpers/parse.js';

const emu = useEmulator({ seed: 32, contacts: 10 }, { clearEach: false });
const sent = (method: string, path: string) => emu.requests.filter((q) => q.method === method && q.path === path);

describe.concurrent('the audience nouns through the built binary', () => {
  for (const noun of ['lists', 'topic', 'property', 'segment', 'contact']) {
    it(`${noun} list`, async () => {
      const r = await runCli([noun, 'list'], { env: emulatorEnv(emu) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/^error:/m);
      expect(tsvRows(r.stdout).length).toBeGreaterThan(0);
      const path = `/audience/${{ lists: 'lists', topic: 'topics', property: 'properties', segment: 'segments', contact: 'contacts' }[noun]}`;
      expect(sent('GET', path).length).toBeGreaterThan(0);
    });
  }

  it('contact import', async () => {
    const file = join(tempDir('mailctl-import-'), 'a.txt');
    writeFileSync(file, Array.from({ length: 1500 }, (_, i) => `spawned${i}@example.org`).join('\n'));
    const r = await runCli(['contact', 'import', file, '--json'], { env: emulatorEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ created: 1500, requests: 2 });
    expect(sent('POST', '/audience/contacts/bulk')).toHaveLength(2);
  });
});

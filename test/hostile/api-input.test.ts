// Issue 31, item 20: `api POST --input /dev/zero` read 600 MB before failing with "Invalid
// string length". A request body from a file or stdin is read as a stream and refused past
// 16 MiB (exit 2, naming the flag and the bound), before anything is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorEnv, tempDir } from '../helpers/cli.js';
import { useEmulator, runCliInProcess as runCli } from '../helpers/context.js';
import { expectCleanFailure } from './support.js';

const emu = useEmulator({ events: 5 });
let env: Record<string, string>;
beforeAll(() => {
  env = emulatorEnv(emu, 'full');
});

const MiB = 1024 * 1024;

describe('api: request bodies from files and stdin are bounded', () => {
  for (const args of [
    ['api', 'POST', '/webhooks', '--input', '/dev/zero'],
    ['api', 'PATCH', '/audience/topics/x', '--field', 'description=@/dev/zero'],
  ]) {
    it(`${args.slice(3).join(' ')}: refused past 16 MiB, exit 2, nothing sent`, async () => {
      const r = await runCli(args, { env });
      expectCleanFailure(r, 2, args.join(' '));
      expect(r.stderr).toMatch(/^error: --(input|field description=@\/dev\/zero) \/dev\/zero: more than 16 MiB, the most mailctl reads for a request body\n/);
      expect(r.stdout).toBe('');
      expect(emu.requests).toHaveLength(0);
    });
  }

  it('--input - with 17 MiB on stdin is refused the same way; a body just under the bound is read whole', async () => {
    const big = await runCli(['api', 'POST', '/webhooks', '--input', '-', '--dry-run'], { env, input: Buffer.alloc(17 * MiB, 0x20) });
    expectCleanFailure(big, 2, '--input - 17 MiB');
    expect(big.stderr).toContain('--input (stdin): more than 16 MiB');
    const file = join(tempDir('mailctl-body-'), 'body.json');
    writeFileSync(file, `{"name":"x","pad":"${'p'.repeat(16 * MiB - 30)}"}`);
    const ok = await runCli(['api', 'POST', '/webhooks', '--input', file, '--dry-run', '--json'], { env });
    expect(ok.code, ok.stderr.slice(0, 500)).toBe(0);
    expect(emu.requests).toHaveLength(0);
  });
});

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { TestContext } from 'vitest';

// Some tests drive a program that a fresh machine with only Node lacks (zsh,
// fish). There they skip, saying why; in CI (.ci/run installs the programs and
// sets MAILCTL_CI_STRICT=1) a missing program fails the test instead, so a
// broken install cannot turn into a silently green run.

const found = new Map<string, boolean>();

/**
 * Whether `command` is an executable file on PATH (checked once per command).
 * Looked up, not run: running `script -c …` would leave a ./typescript file
 * behind, and running chromium would start a browser.
 */
export function installed(command: string, path = process.env.PATH ?? ''): boolean {
  let ok = found.get(command);
  if (ok === undefined) {
    ok = path.split(delimiter).some((dir) => {
      try {
        accessSync(join(dir || '.', command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    found.set(command, ok);
  }
  return ok;
}

/** Skips the running test (with the reason) when `command` is missing; fails it instead under MAILCTL_CI_STRICT=1. */
export function requireCommand(ctx: Pick<TestContext, 'skip'>, command: string, env: NodeJS.ProcessEnv = process.env): void {
  if (installed(command)) return;
  const reason = `${command} not installed: skipped; .ci/run installs it`;
  if (env.MAILCTL_CI_STRICT === '1') throw new Error(`${command} not installed, and MAILCTL_CI_STRICT=1 forbids skipping (did .ci/run's apt-get install fail?)`);
  // console output is printed under the test's name; the note shows beside the skipped test
  console.warn(reason);
  ctx.skip(reason);
}

import { spawnSync } from 'node:child_process';
import type { TestContext } from 'vitest';

// Some tests drive a program that a fresh machine with only Node lacks (zsh,
// fish). There they skip, saying why; in CI (.ci/run installs the programs and
// sets MAILCTL_CI_STRICT=1) a missing program fails the test instead, so a
// broken install cannot turn into a silently green run.

const found = new Map<string, boolean>();

/** Whether `command` runs from PATH (checked once per command). */
export function installed(command: string): boolean {
  let ok = found.get(command);
  if (ok === undefined) {
    ok = spawnSync(command, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
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

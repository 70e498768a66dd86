// Assertions that many test files make the same way.
import { expect } from 'vitest';

interface Ran {
  code?: number | null;
  exitCode?: number;
  stdout: string;
  stderr: string;
}

/**
 * Bad input as cli.md wants it: exit 2, nothing on stdout, an `error:` line on
 * stderr (naming `names` when given), and not one request received.
 */
export function expectUsageError(r: Ran, requests: readonly unknown[], names?: string | RegExp): void {
  const code = r.exitCode ?? r.code;
  expect(code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^error: /m);
  if (typeof names === 'string') expect(r.stderr).toContain(names);
  else if (names) expect(r.stderr).toMatch(names);
  expect(requests).toHaveLength(0);
}

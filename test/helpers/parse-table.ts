// Parse tables as GitHub CLI's TestNewCmd*: a command's parseInput gets commander's strings
// (positional words, option values keyed by attribute) and returns the typed options, or throws
// the usage error a row names. No emulator, no context.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';

export type Parse = (input: { args: string[]; opts: Record<string, unknown> }) => unknown;
/** name, parse, args, opts, and the options expected (a subset) or the usage error's message. */
export type ParseRow = [name: string, parse: Parse, args: string[], opts: Record<string, unknown>, expected: Record<string, unknown> | RegExp];

export function parseTable(title: string, rows: readonly ParseRow[]): void {
  describe(title, () => {
    for (const [name, parse, args, opts, expected] of rows) {
      it(name, () => {
        if (!(expected instanceof RegExp)) {
          expect(parse({ args, opts })).toMatchObject(expected);
          return;
        }
        let error: unknown;
        try {
          parse({ args, opts });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(UsageError);
        expect((error as Error).message).toMatch(expected);
      });
    }
  });
}

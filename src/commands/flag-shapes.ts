import type { FlagType } from '../command-model.js';
import type { ValueSet } from './spec.js';


// The declarations of define.ts as plain data, shared by the parser
// (parse-flags.ts) and everything that renders a command from its declarations.


export interface FlagShape {
  readonly type: FlagType;
  readonly description: string;
  /** `<n>` in `--limit <n>`; absent for booleans. */
  readonly valueName?: string;
  /** The value may be left out (`--db` alone, `--db PATH`): `run` then sees true. */
  readonly optionalValue?: boolean;
  /** A one-letter alias: `-o`. */
  readonly short?: string;
  readonly values?: ValueSet;
  readonly range?: readonly [number, number];
  /** The value `run` sees when the flag is absent. */
  readonly defaultValue?: unknown;
  /** How help shows the default ("20; 100 with --all"), when not the value itself. */
  readonly defaultText?: string;
  readonly required?: boolean;
  /** What the error for a missing required flag adds: the form its value takes. */
  readonly requiredHint?: string;
  readonly repeatable?: boolean;
  readonly hidden?: boolean;
  /** Declared as `--no-<name>`: the option is true unless the flag is given. */
  readonly negated?: boolean;
  /** Both `--<name>` and `--no-<name>` exist (this is the latter's description): true, false, or undefined when neither is given. */
  readonly negation?: string;
  /** What one item of a list is called ("event name"): "needs at least one event name". */
  readonly itemName?: string;
  /** A repeatable flag whose values are kept whole and in order (no comma split, no de-duplication). */
  readonly wholeItems?: boolean;
  /** Checks commander's string (or each list item) and turns it into the value. */
  readonly parseValue?: (raw: string) => unknown;
  /** The value is a file, or - for stdin, that the command reads whole as its input (an MCP tool takes the text itself). */
  readonly readsText?: boolean;
}

export interface ArgShape {
  readonly description: string;
  readonly optional?: boolean;
  readonly variadic?: boolean;
  readonly choices?: readonly string[];
  readonly values?: ValueSet;
  readonly parseValue?: (raw: string) => unknown;
  /** As FlagShape's. */
  readonly readsText?: boolean;
}

/** `perPage` → `per-page`. */
export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `campaignId` → `campaign_id` (arguments in help, MCP tool inputs). */
export function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `campaignId` → `CAMPAIGN_ID`: how help and errors name a positional argument. */
export function argName(key: string): string {
  return snake(key).toUpperCase();
}

import type { ExitCode } from '../errors.js';
import type { ExtraFormat } from '../format.js';
import type { Operation } from '../api/operations.js';
import type { VerbModule } from './verb.js';

// One declarative source per command (architecture.md habit 14). A spec is
// plain data plus a lazy loader: commander, --help, the completion scripts,
// docs/commands/*.md and man/*.1 are all produced from it, and nothing about a
// command is typed anywhere else. Spec modules (commands/<noun>/index.ts) must
// stay cheap to import: no zod, no undici, no verb code — `--help` loads
// every spec and nothing more, and a start-up path that knows the noun can
// register that noun's spec alone.

/** Where the root help lists a top-level command. */
export type CommandGroup = 'reading' | 'writing' | 'setup' | 'tools';

/** What a shell completes for a value: fixed words, profile names or file names. */
export type ValueSet = readonly string[] | 'profiles' | 'files';

export interface OptionSpec {
  /** Commander's form: `-o, --output <format>`, `--all`, `--no-live`. */
  readonly flags: string;
  /** One line, lower case, no value set or bounds (those are rendered from the fields below). */
  readonly description: string;
  /** The accepted words; the verb's zod schema checks them, help and completion list them. */
  readonly values?: ValueSet;
  /** Words commander enforces itself (a usage error naming the flag); help and completion list them. */
  readonly choices?: readonly string[];
  /** The value is a comma-separated list of `values` (`--events delivery,bounce`). */
  readonly list?: boolean;
  /** Inclusive numeric bounds, rendered as "1-100". */
  readonly range?: readonly [number, number];
  /** Shown as "(default: …)"; given to commander only when `applyDefault` is set. */
  readonly default?: string;
  /** Commander fills the default in (the verb then always sees a value). */
  readonly applyDefault?: boolean;
  /** Every occurrence is kept (`--contact a --contact b`). */
  readonly repeatable?: boolean;
  readonly required?: boolean;
  /** Accepted but not shown in help, completion or docs. */
  readonly hidden?: boolean;
}

export interface ArgumentSpec {
  /** `campaign_id`; shown as CAMPAIGN_ID. */
  readonly name: string;
  readonly description: string;
  readonly optional?: boolean;
  readonly variadic?: boolean;
  /** Enforced by commander (a usage error naming the argument) — and completed. */
  readonly choices?: readonly string[];
  /** Completed, not enforced (the verb validates). */
  readonly values?: ValueSet;
}

/** The options object a verb's commander action ends in: parse, then run (see verb.ts). */
export type VerbLoader = () => Promise<VerbModule<any>>;

export interface CommandSpec {
  readonly name: string;
  /** One line, lower case: the root list, the noun list, the first line of help. */
  readonly summary: string;
  /** Paragraphs under the summary in help, docs and man (lines under 80 columns). */
  readonly description?: string;
  /** Top-level commands only: the group of the root help. */
  readonly group?: CommandGroup;
  readonly args?: readonly ArgumentSpec[];
  readonly options?: readonly OptionSpec[];
  /** Two or three complete command lines a user can copy. */
  readonly examples?: readonly string[];
  /** The API operation it calls (api/operations.ts), or a sentence for `api` itself. */
  readonly operation?: Operation | string;
  /** Said after the operation: "(1000 contacts × 50 lists per request …)". */
  readonly operationNote?: string;
  /**
   * The other API operations it may send, as the note or the sentence names them
   * (`email send --at`: POST /emails/scheduled): `commands --json` lists them under
   * `operations`, after the main one.
   */
  readonly moreOperations?: readonly Operation[];
  /** Exit codes beyond the ones every command (and every API command) can end with. */
  readonly exitCodes?: readonly ExitCode[];
  /** The verb module, loaded only when the command runs. */
  readonly load?: VerbLoader;
  /** Subcommands (a noun's verbs). */
  readonly commands?: readonly CommandSpec[];
  /** Not listed in help, completion or docs (`completion profiles`, called by the scripts). */
  readonly hidden?: boolean;
  /**
   * Flags that do not exist because they would carry a secret: typed anyway
   * (`--auth-password=hunter2`), they are refused naming only the flag, with
   * where the secret goes instead.
   */
  readonly secretFlags?: Readonly<Record<string, string>>;
  /** Whether it sends requests to the API although it names no single operation. */
  readonly callsApi?: boolean;
  /** The API's failures (no key, 401, network...) become rows of its report, not exit codes 3-7 (doctor). */
  readonly apiFailuresAsRows?: boolean;
  /** Output formats beyond table, json, ndjson and csv that it prints (`-o markdown`); any other command refuses them. */
  readonly formats?: readonly ExtraFormat[];
}

/** The long flag of an option spec (`--per-page`), else its short one. */
export function longFlag(option: OptionSpec): string {
  return /--[\w-]+/.exec(option.flags)?.[0] ?? option.flags.split(/[ ,]/)[0]!;
}

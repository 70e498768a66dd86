// The command tree as plain data: what `mailctl commands --json` prints of each
// flag and argument (commands/tree.ts builds it from the declarations), and what
// `mailctl mcp` makes its tool inputs from (mcp/tools.ts). Types only, a leaf:
// the MCP engine reads the tree without importing commands/.

/** What a flag's value is, for `commands --json`, MCP input schemas and the help text. */
export type FlagType = 'boolean' | 'string' | 'integer' | 'number' | 'enum' | 'list';

export interface FlagModel {
  /** `--per-page` */
  name: string;
  /** `per_page`: the key of an agent's input */
  key: string;
  short: string | null;
  type: FlagType;
  /** `<n>`, `[path]` */
  value: string | null;
  value_optional: boolean;
  description: string;
  values: readonly string[] | null;
  /** Completion only: the values are offered, not enforced (webhook event names take short forms too). */
  values_enforced: boolean;
  min: number | null;
  max: number | null;
  default: unknown;
  default_text: string | null;
  required: boolean;
  repeatable: boolean;
  hidden: boolean;
  /** `--no-<name>` exists beside `--<name>`. */
  negatable: boolean;
}

export interface ArgModel {
  /** `campaign_id` */
  name: string;
  /** `CAMPAIGN_ID`, as help and errors name it */
  display: string;
  description: string;
  required: boolean;
  variadic: boolean;
  values: readonly string[] | null;
}

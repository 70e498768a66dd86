import type { ArgModel, FlagModel } from '../command-model.js';

// The tools of `mailctl mcp`, made by rule from the command tree (the same data
// as `mailctl commands --json`): which commands become tools, which of their
// flags an agent may set, the JSON Schema of each tool's input and its
// annotations. Nothing here names a command: docs/agents.md states each rule.

/** A flag as the command tree describes it, plus what only the declaration knows. */
export interface SourceFlag extends FlagModel {
  /** Its value names a file or folder of the machine the server runs on. */
  localFile: boolean;
  /** A file (or - for stdin) the command reads whole as its input: the tool's input is the text itself. */
  readsText: boolean;
}

export interface SourceArg extends ArgModel {
  localFile: boolean;
  readsText: boolean;
}

export interface SourceCommand {
  /** `campaign list` */
  path: string;
  summary: string;
  arguments: SourceArg[];
  flags: SourceFlag[];
  operation: { method: string; path: string; scope: string | null } | { description: string } | null;
  hidden: boolean;
  /** secretFlags of the declaration: flags that never exist because they would carry a secret. */
  secretFlags: readonly string[];
}

/** The most rows one tool call lists (cli.md: "listings capped at 1,000 rows per call"). */
export const LIST_CAP = 1000;

/** A boolean in every write tool: without it, the call is a dry run. */
export const CONFIRM = 'confirm';

type JsonSchema = Record<string, unknown>;

/** How one input property reaches the command. */
export type Input =
  | { property: string; to: 'arg'; arg: SourceArg }
  | { property: string; to: 'flag'; flag: SourceFlag; /** `--no-x` set to true clears the option */ negated: boolean };

/** An input that carries the text a file of the command would hold: the bridge hands it over as a file. */
export const carriesText = (i: Input): boolean => (i.to === 'arg' ? i.arg.readsText : i.flag.readsText);

export interface ToolPlan {
  name: string;
  /** `campaign list`: the command it runs. */
  path: string;
  kind: 'read' | 'write';
  /** The command has --dry-run (a write without it is not run until confirmed). */
  dryRun: boolean;
  /** The command has --yes: a confirmed call passes it. */
  yes: boolean;
  /** A listing: --limit is always given, at most LIST_CAP. */
  listing: boolean;
  /** The first request a write would send, for a write that has no --dry-run of its own. */
  request: string | null;
  inputs: Input[];
  tool: {
    name: string;
    description: string;
    inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required?: string[]; additionalProperties: false };
    annotations: { title: string; readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
  };
}

export interface Exclusion {
  path: string;
  reason: string;
}

const METHOD = /\b(GET|POST|PUT|PATCH|DELETE) \/\S*/g;

/** The requests a command declares: one operation, or the `METHOD /path` pairs its description names. */
function requests(c: SourceCommand): { method: string; path: string }[] {
  if (c.operation === null) return [];
  if ('method' in c.operation) return [{ method: c.operation.method, path: c.operation.path }];
  return [...c.operation.description.matchAll(METHOD)].map((m) => ({ method: m[1]!, path: m[0].slice(m[1]!.length + 1).replace(/,$/, '') }));
}

/** Why a flag is not an input, or undefined when it is one. */
function flagLeftOut(f: SourceFlag): string | undefined {
  if (f.hidden) return 'hidden';
  if (f.key === 'follow') return 'never ends';
  if (f.key === 'dry_run' || f.key === 'yes') return `replaced by ${CONFIRM}`;
  if (f.key.endsWith('_stdin')) return 'reads stdin, which is the transport';
  if (f.localFile && !f.value_optional && !f.readsText) return 'names a local file';
  return undefined;
}

/** `--per-page` → `per_page` */
function propertyOf(f: SourceFlag): string {
  return f.name.slice(2).replace(/-/g, '_');
}

function flagSchema(f: SourceFlag, listing: boolean): JsonSchema {
  const defaultNote = f.default_text !== null && f.default === null ? ` (default: ${f.default_text})` : '';
  // `--db [path]` alone: the archive of the profile; a path (or a database URL with its password) is the server's to set
  // (a list whose flag may also be given bare, `--or-group`, stays a list: a tool call has no argv order for the bare one)
  if (f.value_optional && f.type !== 'list') return { type: 'boolean', description: `${f.description} (true: the default location; its path is the server's setting)` };
  // cli.md: flags are inputs by their long names, and listings are capped: `all` follows the pages up to the cap
  if (listing && f.key === 'all') return { type: 'boolean', description: `${f.description}; at most ${LIST_CAP} rows per call` };
  if (listing && f.key === 'limit') {
    return { type: 'integer', minimum: 1, maximum: LIST_CAP, default: LIST_CAP, description: `${f.description}; at most ${LIST_CAP} per call (a larger value is capped)` };
  }
  if (f.readsText) return { type: 'string', description: textDescription(f.description, f.name) };
  const base: JsonSchema = { description: `${f.description}${defaultNote}` };
  // `--no-x`'s declared default (true) is the option's, not the switch's
  if (f.default !== null && f.type !== 'list' && !f.name.startsWith('--no-')) base.default = f.default;
  switch (f.type) {
    case 'boolean':
      return { type: 'boolean', ...base };
    case 'integer':
      return { type: 'integer', ...(f.min !== null ? { minimum: f.min } : {}), ...(f.max !== null ? { maximum: f.max } : {}), ...base };
    case 'enum':
      return { type: 'string', ...(f.values ? { enum: f.values } : {}), ...base };
    case 'list':
      return { type: 'array', items: { type: 'string', ...(f.values && f.values_enforced ? { enum: f.values } : {}) }, minItems: 1, ...base };
    default:
      return { type: 'string', ...base };
  }
}

/** What a text input's description says: what it holds, and that it is not a path. */
function textDescription(description: string, display: string): string {
  // "HTML body from a file, or - for stdin" → "HTML body"; "file of addresses, or - for stdin" → "addresses"
  const what = description.replace(/ from (a|this) file, or - for stdin/, '').replace(/^file of (.*), or - for stdin/, '$1');
  return `${what} (the text itself, not a path; on a terminal ${display} names a file, or - for stdin)`;
}

function argSchema(a: SourceArg): JsonSchema {
  if (a.readsText) return { type: 'string', description: textDescription(a.description, a.display) };
  const item: JsonSchema = { type: 'string', ...(a.values ? { enum: a.values } : {}) };
  return a.variadic ? { type: 'array', items: item, ...(a.required ? { minItems: 1 } : {}), description: a.description } : { ...item, description: a.description };
}

function isDestructive(c: SourceCommand, methods: string[]): boolean {
  const scope = c.operation && 'scope' in c.operation ? c.operation.scope : null;
  return methods.includes('DELETE') || c.flags.some((f) => f.key === 'yes') || Boolean(scope?.endsWith(':send'));
}

/** One command's tool, or why it has none. */
function plan(c: SourceCommand, readOnly: boolean): ToolPlan | Exclusion {
  const out = (reason: string): Exclusion => ({ path: c.path, reason });
  if (c.hidden) return out('hidden');
  const has = (key: string) => c.flags.some((f) => f.key === key);
  // cli.md: "one tool per API or archive command". A command of the event archive alone
  // (its --db names the archive; `events prune`) sends no request and still gets its tool.
  const archiveOnly = c.operation === null && has('db');
  if (c.operation === null && !archiveOnly) return out('declares no API operation');
  const reqs = requests(c);
  if (reqs.length === 0 && !archiveOnly) return out('its requests are not known before the call');
  if (has('poll_interval') && !has('follow')) return out('runs until stopped');
  const methods = [...new Set(reqs.map((r) => r.method))];
  const dryRun = has('dry_run');
  const kind = methods.every((m) => m === 'GET') && !dryRun ? 'read' : 'write';
  if (readOnly && kind === 'write') return out('writes (the server is --read-only)');
  const listing = has('all') && has('limit');

  const inputs: Input[] = [];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const a of c.arguments) {
    if (a.localFile && !a.readsText) {
      if (a.required) return out(`its ${a.name.toUpperCase()} is a local file`);
      continue;
    }
    inputs.push({ property: a.name, to: 'arg', arg: a });
    properties[a.name] = argSchema(a);
    if (a.required) required.push(a.name);
  }
  for (const f of c.flags) {
    const why = flagLeftOut(f);
    if (why !== undefined) {
      if (f.required) return out(`its ${f.name} ${why}`);
      continue;
    }
    const property = propertyOf(f);
    inputs.push({ property, to: 'flag', flag: f, negated: f.name.startsWith('--no-') });
    properties[property] = flagSchema(f, listing);
    if (f.required) required.push(property);
  }
  if (kind === 'write') {
    if (CONFIRM in properties) throw new Error(`mcp: ${c.path} has an input named ${CONFIRM}`);
    properties[CONFIRM] = {
      type: 'boolean',
      default: false,
      description: dryRun
        ? 'true to really do it; otherwise a dry run: the request that would be sent, and nothing is sent'
        : 'true to really do it; otherwise nothing is sent and the result says what would be',
    };
  }
  const name = c.path.replace(/ /g, '_');
  const secrets = c.secretFlags.length
    ? `${/[.!?]$/.test(c.summary) ? '' : '.'} Credentials (${c.secretFlags.join(', ')}) never travel in a tool call: set them from a terminal (mailctl ${c.path} … ${c.secretFlags[0]}-stdin).`
    : '';
  const destructive = kind === 'write' && isDestructive(c, methods);
  return {
    name,
    path: c.path,
    kind,
    dryRun,
    yes: has('yes'),
    listing,
    request: kind === 'write' && !dryRun && reqs.length > 0 ? `${reqs[0]!.method} ${reqs[0]!.path}` : null,
    inputs,
    tool: {
      name,
      description: `${c.summary}${secrets}`,
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
      annotations: {
        title: `mailctl ${c.path}`,
        readOnlyHint: kind === 'read',
        ...(kind === 'write' ? { destructiveHint: destructive, idempotentHint: !methods.includes('POST') } : {}),
        // MCP: openWorldHint false is a tool whose world is closed: the local archive alone
        openWorldHint: !archiveOnly,
      },
    },
  };
}

/** Every command's tool (in help order), and the commands left out with the rule that left each out. */
export function planTools(commands: readonly SourceCommand[], options: { readOnly: boolean }): { tools: ToolPlan[]; excluded: Exclusion[] } {
  const tools: ToolPlan[] = [];
  const excluded: Exclusion[] = [];
  for (const c of commands) {
    const p = plan(c, options.readOnly);
    if ('tool' in p) tools.push(p);
    else excluded.push(p);
  }
  return { tools, excluded };
}

import { type CliError, ExitCode, UsageError } from '../errors.js';
import { carriesText, CONFIRM, LIST_CAP, type ToolPlan } from './tools.js';

// A tool call's arguments → the words and options commander would have given
// the command (its parseInput then checks every value from the declarations,
// as on a terminal), with the safety rules of a tool call applied: a write is a
// dry run unless confirmed, a confirmed one never asks, a listing is capped.

export interface CommandInput {
  /** Commander's view: positional words and the options keyed by declaration key. */
  input: { args: string[]; opts: Record<string, unknown> };
  /** The call set confirm: true. */
  confirmed: boolean;
  /** The --limit given to a listing. */
  limit?: number;
  /** The limit the call asked for when it was above the cap. */
  asked?: number;
}

/** `per_page` → `perPage`: the declaration's key. */
function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function word(property: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new UsageError(`${property}: must be a single value, not ${Array.isArray(value) ? 'a list' : typeof value}`);
}

function words(property: string, value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => word(property, v)) : [word(property, value)];
}

/** Where the text of an input the command reads as a file is put: the path to give it. */
export type TextFiles = (property: string, text: string) => string;

function textValue(property: string, value: unknown, files: TextFiles): string {
  if (typeof value !== 'string') throw new UsageError(`${property}: must be text (the content itself, not a path)`);
  return files(property, value);
}

function flagValue(property: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new UsageError(`${property}: must be true or false`);
  return value;
}

export function commandInput(plan: ToolPlan, given: Record<string, unknown>, files: TextFiles): CommandInput {
  const known = new Set(plan.inputs.map((i) => i.property));
  if (plan.kind === 'write') known.add(CONFIRM);
  const unknown = Object.keys(given).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new UsageError(`${plan.name} takes no input ${unknown.map((k) => `"${k}"`).join(', ')}`, { hint: `its inputs: ${[...known].join(', ') || 'none'}` });
  }
  const args: string[] = [];
  const opts: Record<string, unknown> = {};
  let argsEnded = false;
  for (const i of plan.inputs) {
    const value = given[i.property];
    if (i.to === 'arg') {
      const none = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
      if (none) {
        // commander refuses a missing argument before parseInput sees the words: so must a call
        if (i.arg.required) throw new UsageError(`${i.arg.display}: required`);
        argsEnded = true;
        continue;
      }
      // an argument after a missing one would take its place
      if (argsEnded) throw new UsageError(`${i.property}: needs the arguments before it`);
      if (carriesText(i)) args.push(textValue(i.property, value, files));
      else args.push(...(i.arg.variadic ? words(i.property, value) : [word(i.property, value)]));
      continue;
    }
    if (value === undefined || value === null) continue;
    const key = camel(i.flag.key);
    const f = i.flag;
    if (f.readsText) {
      opts[key] = textValue(i.property, value, files);
    } else if (f.value_optional && f.type !== 'list') {
      if (flagValue(i.property, value)) opts[key] = true;
    } else if (f.type === 'boolean') {
      const on = flagValue(i.property, value);
      // --no-x true clears the option; a plain switch false is the switch left out
      if (i.negated) opts[key] = !on;
      else if (on || f.negatable) opts[key] = on;
    } else if (f.type === 'list') {
      opts[key] = words(i.property, value);
    } else {
      opts[key] = word(i.property, value);
    }
  }
  const confirmed = plan.kind === 'write' && given[CONFIRM] !== undefined && flagValue(CONFIRM, given[CONFIRM]);
  if (plan.dryRun) opts.dryRun = !confirmed;
  if (plan.yes && confirmed) opts.yes = true;
  const out: CommandInput = { input: { args, opts }, confirmed };
  if (plan.listing) {
    const raw = given.limit;
    const whole = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
    const asked = typeof whole === 'number' && Number.isInteger(whole) ? whole : undefined;
    // a value that is not a whole number goes to the command, which names the rule
    if (raw !== undefined && asked === undefined) return out;
    out.limit = Math.min(asked ?? LIST_CAP, LIST_CAP);
    if (asked !== undefined && asked > LIST_CAP) out.asked = asked;
    opts.limit = String(out.limit);
  }
  return out;
}

/**
 * A usage error in the names of the tool's inputs: the command's checks name the flag or the
 * argument (`--per-page: …`, `TOPIC_ID: …`), an agent knows the input it set (`per_page`), so a
 * message or detail line that starts with one of this tool's flags or arguments names both:
 * `per_page (--per-page): …`, `topic_id (TOPIC_ID): …`.
 */
export function inInputNames(plan: ToolPlan, error: CliError): CliError {
  if (error.exitCode !== ExitCode.Usage) return error;
  const names = new Map(plan.inputs.map((i) => [i.to === 'arg' ? i.arg.display : i.flag.name, i.property]));
  const rename = (line: string) =>
    line.replace(/^(\s*)(--[a-z0-9-]+|[A-Z][A-Z0-9_]*)(?=: )/, (whole, space: string, name: string) => {
      const property = names.get(name);
      return property === undefined ? whole : `${space}${property} (${name})`;
    });
  const message = rename(error.message);
  const details = error.details.map(rename);
  if (message === error.message && details.every((d, k) => d === error.details[k])) return error;
  // the same error (class, hint, cause) with the lines renamed; message is own but not enumerable
  const copy = Object.create(Object.getPrototypeOf(error) as object, Object.getOwnPropertyDescriptors(error)) as CliError;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'details', { value: details, enumerable: true });
  return copy;
}

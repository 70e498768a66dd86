import { UsageError, ValueError } from '../errors.js';
import { didYouMean } from '../input/suggest.js';
import { argName, kebab, type ArgShape, type FlagShape } from './flag-shapes.js';
import type { RawInput } from './verb.js';

// Commander's strings → the typed options of a command, from its declarations
// alone (define.ts). Every broken rule becomes one line naming the flag or the
// argument and quoting the value: `--per-page: must be from 1 to 100 (got "500")`.

/** The value as an error quotes it: at most 60 characters. */
function quoted(value: string): string {
  return ` (got "${value.slice(0, 60)}${value.length > 60 ? '…' : ''}")`;
}

type Shape = FlagShape | ArgShape;
type Declared<S> = Readonly<Record<string, { readonly shape: S }>>;

/** One word through the declaration's parser, or its value set when it has no parser. */
function convert(shape: Shape, raw: string, isEnum: boolean): unknown {
  if (shape.parseValue) return shape.parseValue(raw);
  const words = 'choices' in shape && shape.choices ? shape.choices : shape.values;
  if (isEnum && Array.isArray(words)) {
    const value = raw.trim();
    if (!words.includes(value)) throw new ValueError(`must be one of ${words.join(', ')}${didYouMean(value, words)}`);
    return value;
  }
  return raw;
}

/** Repeatable and comma-separated: trimmed, de-duplicated items. */
function listItems(raw: unknown): string[] {
  const given = Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return [...new Set(given.flatMap((s) => s.split(',')).map((s) => s.trim()))];
}

export function parseDeclared(flags: Declared<FlagShape>, args: Declared<ArgShape>, input: RawInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  const attempt = (name: string, shown: string | undefined, fn: () => unknown): unknown => {
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      problems.push(`${name}: ${error.message}${shown === undefined ? '' : quoted(shown)}`);
      return undefined;
    }
  };

  for (const [key, { shape }] of Object.entries(flags)) {
    const name = `--${shape.negated ? 'no-' : ''}${kebab(key)}`;
    const raw = input.opts[key];
    if (shape.type === 'boolean') {
      out[key] = raw === undefined ? shape.defaultValue : Boolean(raw);
      continue;
    }
    if (raw === undefined) {
      if (shape.required) problems.push(`${name}: required${shape.requiredHint ? `: ${shape.requiredHint}` : ''}`);
      out[key] = shape.defaultValue;
      continue;
    }
    if (raw === true && shape.optionalValue) {
      out[key] = true;
      continue;
    }
    if (shape.type === 'list') {
      const items = shape.wholeItems ? (Array.isArray(raw) ? (raw as string[]) : [String(raw)]) : listItems(raw);
      const shown = quoted(Array.isArray(raw) ? raw.join(',') : String(raw));
      if (shape.optionalValue) {
        // given bare, the flag is kept as '' (register.ts): a marker, `true` in its list
        out[key] = items.map((item) => (item === '' ? true : attempt(name, item, () => convert(shape, item, false))));
        continue;
      }
      if (items.every((item) => item === '')) {
        problems.push(`${name}: needs at least one ${shape.itemName ?? 'value'}${shown}`);
        continue;
      }
      if (items.some((item) => item === '')) {
        problems.push(`${name}: must not have an empty item${shown}`);
        continue;
      }
      out[key] = items.map((item) => attempt(name, item, () => convert(shape, item, Array.isArray(shape.values))));
      continue;
    }
    // a repeated single-valued flag: the last one counts, as commander does
    const text = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
    out[key] = attempt(name, text, () => convert(shape, text, shape.type === 'enum'));
  }

  const words = input.args;
  let index = 0;
  for (const [key, { shape }] of Object.entries(args)) {
    const name = argName(key);
    if (shape.variadic) {
      out[key] = words.slice(index).map((word) => attempt(name, word, () => convert(shape, word, Boolean(shape.choices))));
      index = words.length;
      continue;
    }
    const word = words[index++];
    out[key] = word === undefined ? undefined : attempt(name, word, () => convert(shape, word, Boolean(shape.choices)));
  }

  if (problems.length) throw new UsageError(problems[0]!, { details: problems.slice(1) });
  return out;
}

import type { OutputTarget } from './types.js';

// JSON for people and for programs. On a terminal a person reads it: indented,
// and coloured when colour is allowed (keys, strings, numbers, literals). In a
// pipe it is what a program parses: compact (lists) and never coloured.
// NDJSON is one compact object per line everywhere.

const ESC = '\u001b[';
const paint = (code: number, text: string) => `${ESC}${code}m${text}${ESC}39m`;

// One token of JSON.stringify's output: a string (a key when a colon follows), a number, or a literal.
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** Colours JSON text made by JSON.stringify: keys blue, strings green, numbers yellow, true/false/null magenta. */
function colourJson(text: string): string {
  return text.replace(TOKEN, (_m, str: string | undefined, colon: string | undefined, num: string | undefined, lit: string | undefined) => {
    if (str !== undefined) return colon !== undefined ? `${paint(34, str)}${colon}` : paint(32, str);
    if (num !== undefined) return paint(33, num);
    return paint(35, lit!);
  });
}

/**
 * A JSON document as this target shows it: indented on a terminal (or when
 * `indent` says so), coloured only where colour is allowed.
 */
export function jsonText(value: unknown, target: Pick<OutputTarget, 'isTTY' | 'color'>, indent = target.isTTY): string {
  const text = JSON.stringify(value, null, indent ? 2 : undefined) ?? 'null';
  return target.color ? colourJson(text) : text;
}

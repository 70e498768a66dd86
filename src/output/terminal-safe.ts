import { escapeControls } from './terminal-text.js';

/**
 * Data formats written to a terminal: a server string must never drive it (OSC 0 window titles,
 * ESC[2J, OSC 8 links, U+009B CSI, U+202E bidi overrides). Tables escape each cell already; csv
 * and json are escaped here, and only on a TTY: in a pipe the bytes stay exact.
 */

// C1 controls, DEL and the bidi/line-separator marks that JSON.stringify leaves raw
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string, format: string): string {
  if (format === 'json' || format === 'ndjson') {
    // JSON.stringify already escapes C0 controls; these can only sit inside strings, where
    // \uXXXX is the same value: the output stays valid JSON with the same meaning.
    return text.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (format === 'csv') {
    // record ends (\r\n) and line breaks inside quoted cells stay; every other control is shown
    return text
      .split(/(\r?\n)/)
      .map((part) => (part === '\n' || part === '\r\n' ? part : escapeControls(part)))
      .join('');
  }
  return text;
}

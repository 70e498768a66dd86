// Text from outside made safe and short enough for a terminal: used for every
// line mailctl writes to stderr (errors, notices) and for table cells.

const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u001b': '\\e' };

/**
 * Text from outside (flag values, files, API answers) made safe for a terminal:
 * control characters (escape sequences that clear the screen, set the title or
 * plant links) and bidirectional overrides are shown as escapes, never obeyed.
 * Tabs stay; `keepNewlines` keeps line breaks for messages that are several lines.
 */
export function escapeControls(text: string, keepNewlines = false): string {
  return text.replace(CONTROLS, (c) => {
    if (keepNewlines && c === '\n') return c;
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}

/** Longest value an error quotes whole; longer ones are cut (a 100 KB flag value is not a message). */
const QUOTED_MAX = 80;
const LINE_MAX = 1000;

/**
 * Every quoted value, taken in pairs from the start: looking for long ones alone would pair the
 * closing quote of a short value with the opening one of the next, and cut the message between
 * them. (No escaped quotes: a pattern that skips them can take quadratic time on a server's text.)
 */
const QUOTED = /"([^"]*)"/g;

/**
 * Error text echoes what the user (or a server) gave: cut quoted values that
 * are too long to read, then any line still too long. Errors are built in many
 * places (flags, files, dates, JSON); main.ts and commander's own messages (program.ts) all pass here.
 */
export function shorten(text: string): string {
  const cut = text.replace(QUOTED, (whole, v: string) => (v.length > QUOTED_MAX ? `"${v.slice(0, QUOTED_MAX - 20)}…" (${v.length} characters)` : whole));
  return cut.length > LINE_MAX ? `${cut.slice(0, LINE_MAX)}… (${cut.length - LINE_MAX} more characters)` : cut;
}

/** One line for a terminal: control characters made visible, long values cut. */
export function tidy(text: string): string {
  return shorten(escapeControls(text));
}

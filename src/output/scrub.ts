/**
 * The secrets of one run (the API key, webhook passwords and client secrets read from stdin or
 * env) and the stream wrapper that takes them out of everything written to stderr: a server
 * that echoes `Bearer <key>` in a 401 body, or the webhook password in a 422 field error, must
 * not get it printed in a message, a field error, a --verbose line or a JSON error. The data a
 * command prints on stdout is scrubbed too (context.ts's output target): a server that echoes
 * a secret in an answer's fields must not get it into a file or a CI log either. Each secret
 * becomes `****` plus its last 4 characters (as `auth status` shows a key).
 */

/** Shorter values would be scrubbed out of ordinary words; no real key or password is this short. */
const MIN_SCRUBBED_LENGTH = 6;

/** JSON's escapes of a string's inside, optionally with every non-ASCII character as \uXXXX and "/" as "\/" (PHP's json_encode). */
function jsonEscaped(value: string, ascii: boolean, slash: boolean): string {
  let out = JSON.stringify(value).slice(1, -1);
  if (ascii) out = out.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return slash ? out.replace(/\//g, '\\/') : out;
}

/**
 * The ways a server quotes a secret other than as itself: inside the request body it quotes
 * (JSON-escaped, as PHP writes it too, or twice when that quote is itself quoted), inside a
 * URL or a form (percent-encoded), or in base64 (a Basic header, a quoted Authorization header).
 */
function echoedForms(value: string): string[] {
  const forms = [value];
  for (const ascii of [false, true]) for (const slash of [false, true]) forms.push(jsonEscaped(value, ascii, slash));
  forms.push(jsonEscaped(jsonEscaped(value, false, false), false, false));
  forms.push(encodeURIComponent(value), new URLSearchParams({ s: value }).toString().slice(2));
  for (const base64 of base64Cores(value)) forms.push(base64, base64.replace(/\+/g, '-').replace(/\//g, '_'));
  return forms;
}

/**
 * The secret in base64 wherever it starts in the encoded bytes ("Bearer <key>" and
 * "user:<password>" put it 1 or 2 bytes into a 3-byte group): for each of the 3 offsets, the
 * characters that encode the secret's bytes alone. At least 8 of them, or ordinary base64
 * could match by chance.
 */
function base64Cores(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const first = Math.ceil(offset / 3);
    const end = Math.floor((offset + bytes.length) / 3);
    if (end - first >= 2) cores.push(encoded.slice(4 * first, 4 * end));
  }
  return cores;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * How mailctl's own formats rewrite a string on its way out: --json, --ndjson and `api`
 * JSON-escape it, csv doubles its quotes, `-o markdown` escapes `_` (every key has one: `lttr_`)
 * and the rest of markdown's punctuation (output/markdown.ts's markdownText), HTML escapes `&<>"'`.
 */
const PRINTED_FORMS: Array<(text: string) => string> = [
  (text) => text,
  (text) => jsonEscaped(text, false, false),
  (text) => text.replace(/"/g, '""'),
  (text) => text.replace(/[&<>]/g, (c) => HTML_ENTITIES[c]!).replace(/[\\`*_[\]|~$]/g, '\\$&'),
  (text) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!),
];

/** Every form of the secret that can reach a stream: each way a server quotes it, printed in each of mailctl's formats. */
function secretForms(value: string): Set<string> {
  // most echoes of a key or password are the value itself (nothing in it to escape): each printed once
  return new Set([...new Set(echoedForms(value))].flatMap((echoed) => PRINTED_FORMS.map((printed) => printed(echoed))));
}

/** Text that a pattern matches literally (with the u flag, only syntax characters may be escaped). */
const regExpEscaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The ellipsis with which mailctl cuts a long value. */
const CUT = '\u2026';

/**
 * The shortest start of a secret that is masked when a message cut it ("lttr_AbCdEfG…"): long
 * enough that an ordinary word cut in a table ("Newsletter…") is not taken for the start of a
 * password that begins with it; shorter secrets need all but their last 2 characters.
 */
const MIN_CUT_PREFIX = 12;
/**
 * A start of the secret followed by the ellipsis with which mailctl cuts a long value (a table
 * cell, a quoted value in a usage error, the start of a non-JSON body): the mask was made for
 * the whole secret, and would not match. The pattern finds the start and runs to the ellipsis;
 * `cutOf` then checks that what it found is a start of the secret (a pattern that spelled the
 * rest out, one optional group per character, makes V8 abort the process for a 3 KB token).
 */
function cutPattern(lowerCased: string): string | undefined {
  const chars = [...lowerCased];
  const prefix = Math.min(MIN_CUT_PREFIX, Math.max(MIN_SCRUBBED_LENGTH, chars.length - 2));
  if (chars.length <= prefix) return undefined;
  return `${chars.slice(0, prefix).map(regExpEscaped).join('')}[^${CUT}\n]*${CUT}`;
}

export class SecretSet {
  /**
   * Every form of every secret, lower-cased, and the mask that replaces it. Matched regardless
   * of case: a server that upper-cases a message, or lower-cases a header value it quotes,
   * still quotes the secret.
   */
  private masks = new Map<string, string>();
  /** cutPattern of each secret as it is and JSON-escaped, lower-cased. */
  private cuts = new Set<string>();
  /** The lower-cased texts whose cut starts are masked (the secrets as they are and JSON-escaped). */
  private cutSecrets: string[] = [];
  /**
   * Patterns over the lower-cased forms, longest first so that a secret containing another is
   * replaced whole; made on first use after an add. `withCuts` adds the cut starts, searched
   * only in a text that holds an ellipsis (most lines of an export do not: their search stays
   * as fast as the whole forms alone). `anyCase` is for the rare text whose lower-case form has
   * another length (\u0130).
   */
  private patterns: { whole?: RegExp; withCuts?: RegExp; anyCase?: RegExp } = {};

  add(secret: string | undefined): void {
    // a hand-edited config file may hold anything where a key belongs
    const value = typeof secret === 'string' ? secret.trim() : undefined;
    if (!value || value.length < MIN_SCRUBBED_LENGTH) return;
    // the last 4 characters only when nothing in them needs escaping: the mask stands in for
    // every form (JSON, csv, HTML), and a quote or backslash would break the text around it
    const tail = value.slice(-4);
    const mask = /^[^"'\\<>&\s]{4}$/u.test(tail) ? `****${tail}` : '****';
    for (const form of secretForms(value)) {
      const key = form.toLowerCase();
      if (this.masks.has(key)) continue;
      this.masks.set(key, mask);
      this.patterns = {};
    }
    for (const form of [value, jsonEscaped(value, false, false)]) {
      const cut = cutPattern(form.toLowerCase());
      if (cut) this.cutSecrets.push(form.toLowerCase());
      if (cut && !this.cuts.has(cut)) {
        this.cuts.add(cut);
        this.patterns = {};
      }
    }
  }

  /**
   * The text with every secret masked; the same string when it holds none (every line of an
   * export asks). The lower-cased text is searched with a case-sensitive pattern: several times
   * faster than a case-insensitive one over the same forms.
   */
  scrub(text: string): string {
    if (this.masks.size === 0) return text;
    const cut = text.includes(CUT);
    // whole forms first: a whole secret that happens to precede an ellipsis keeps its last 4 characters
    const source = () => [...[...this.masks.keys()].sort((a, b) => b.length - a.length).map(regExpEscaped), ...(cut ? this.cuts : [])].join('|');
    const pattern = cut ? (this.patterns.withCuts ??= new RegExp(source(), 'gu')) : (this.patterns.whole ??= new RegExp(source(), 'gu'));
    const lower = text.toLowerCase();
    pattern.lastIndex = 0;
    if (!pattern.test(lower)) return text;
    const maskOf = (found: string) => this.masks.get(found.toLowerCase()) ?? (found.endsWith(CUT) ? this.cutOf(found) : '****');
    if (lower.length !== text.length) {
      // the cut starts included whether or not this text needs them: a cut start needs the ellipsis anyway
      const anyCase = (this.patterns.anyCase ??= new RegExp([...[...this.masks.keys()].sort((a, b) => b.length - a.length).map(regExpEscaped), ...this.cuts].join('|'), 'giu'));
      return text.replace(anyCase, maskOf);
    }
    let out = '';
    let at = 0;
    pattern.lastIndex = 0; // matchAll starts where test() stopped
    for (const match of lower.matchAll(pattern)) {
      // the text's own characters, not the lower-cased ones searched: a cut start that is not a secret's stays as written
      out += text.slice(at, match.index) + maskOf(text.slice(match.index, match.index + match[0].length));
      at = match.index + match[0].length;
    }
    return out + text.slice(at);
  }

  /** A cut-pattern match: masked when it is a start of a secret, else the text itself with any whole secret in it masked. */
  private cutOf(found: string): string {
    const start = found.slice(0, -CUT.length).toLowerCase();
    if (this.cutSecrets.some((secret) => secret.startsWith(start))) return `****${CUT}`;
    const whole = (this.patterns.whole ??= new RegExp([...this.masks.keys()].sort((a, b) => b.length - a.length).map(regExpEscaped).join('|'), 'gu'));
    return found.replace(new RegExp(whole.source, 'giu'), (w) => this.masks.get(w.toLowerCase()) ?? '****');
  }

  get size(): number {
    return this.masks.size;
  }
}

/**
 * Variables whose values are secrets (docs/configuration.md): the run's from its start, whatever
 * the command, so that a message quoting what was typed (the key pasted as a command name or a
 * setting's value) is scrubbed as a server's echo is. PGPASSWORD is added only when a connection
 * uses it (archive/pg/connect.ts): its values are often ordinary words ("postgres").
 */
export const SECRET_ENV_VARS = [
  'MAILCTL_API_KEY',
  'MAILCTL_WEBHOOK_PASSWORD',
  'MAILCTL_WEBHOOK_CLIENT_SECRET',
  'MAILCTL_WEBHOOK_BEARER_TOKEN',
  'MAILCTL_WEBHOOK_SIGNING_SECRET',
] as const;

/**
 * The stream with every write scrubbed; every other property (isTTY, columns, cursor moves for
 * a spinner) is the stream's own. Writes are whole lines in mailctl, so a secret is never split
 * across two of them.
 */
export function scrubbingStream<S extends NodeJS.WritableStream>(stream: S, secrets: SecretSet): S {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    let out = chunk;
    if (secrets.size > 0) {
      if (typeof chunk === 'string') out = secrets.scrub(chunk);
      else if (chunk instanceof Uint8Array) out = Buffer.from(secrets.scrub(Buffer.from(chunk).toString('utf8')), 'utf8');
    }
    return (stream.write as (...args: unknown[]) => boolean).call(stream, out, ...rest);
  };
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write') return write;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

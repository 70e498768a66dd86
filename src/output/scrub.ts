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
  return new Set(echoedForms(value).flatMap((echoed) => PRINTED_FORMS.map((printed) => printed(echoed))));
}

/** Text that a pattern matches literally (with the u flag, only syntax characters may be escaped). */
const regExpEscaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The ellipsis with which mailctl cuts a long value. */
const CUT = '\u2026';

/** The shortest start of a secret that is masked when a message cut it ("lttr_Ab…"). */
const MIN_CUT_PREFIX = 6;

/**
 * A start of the secret, at least MIN_CUT_PREFIX characters long, followed by the ellipsis
 * with which mailctl cuts a long value (a table cell, a quoted value in a usage error, the
 * start of a non-JSON body): the mask was made for the whole secret, and would not match.
 */
function cutPattern(lowerCased: string): string | undefined {
  const chars = [...lowerCased].map(regExpEscaped);
  if (chars.length <= MIN_CUT_PREFIX) return undefined;
  let rest = '';
  for (let i = chars.length - 1; i >= MIN_CUT_PREFIX; i--) rest = `(?:${chars[i]}${rest})?`;
  return `${chars.slice(0, MIN_CUT_PREFIX).join('')}${rest}${CUT}`;
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
    const mask = `****${value.slice(-4)}`;
    for (const form of secretForms(value)) {
      const key = form.toLowerCase();
      if (this.masks.has(key)) continue;
      this.masks.set(key, mask);
      this.patterns = {};
    }
    for (const form of [value, jsonEscaped(value, false, false)]) {
      const cut = cutPattern(form.toLowerCase());
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
    const maskOf = (found: string) => this.masks.get(found.toLowerCase()) ?? (found.endsWith(CUT) ? `****${CUT}` : '****');
    if (lower.length !== text.length) {
      // the cut starts included whether or not this text needs them: a cut start needs the ellipsis anyway
      const anyCase = (this.patterns.anyCase ??= new RegExp([...[...this.masks.keys()].sort((a, b) => b.length - a.length).map(regExpEscaped), ...this.cuts].join('|'), 'giu'));
      return text.replace(anyCase, maskOf);
    }
    let out = '';
    let at = 0;
    pattern.lastIndex = 0; // matchAll starts where test() stopped
    for (const match of lower.matchAll(pattern)) {
      out += text.slice(at, match.index) + maskOf(match[0]);
      at = match.index + match[0].length;
    }
    return out + text.slice(at);
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

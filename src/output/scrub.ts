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

export class SecretSet {
  /** Longest first, so that a secret containing another is replaced whole. */
  private secrets: string[] = [];

  add(secret: string | undefined): void {
    const value = secret?.trim();
    if (!value || value.length < MIN_SCRUBBED_LENGTH || this.secrets.includes(value)) return;
    this.secrets = [...this.secrets, value].sort((a, b) => b.length - a.length);
  }

  /** The text with every secret masked; the same string when it holds none (every line of an export asks). */
  scrub(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(`****${secret.slice(-4)}`);
    }
    return out;
  }

  get size(): number {
    return this.secrets.length;
  }
}

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

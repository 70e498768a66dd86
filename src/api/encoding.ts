import { Readable } from 'node:stream';
import { CliError, ExitCode } from '../errors.js';

/** node:zlib, loaded for a compressed answer only: a plain one (the common case) never compiles it. */
const zlib = () => process.getBuiltinModule('node:zlib');

/**
 * Compressed answers: the client asks for what it can decode (gzip, deflate, br, all in
 * node:zlib) and decodes by Content-Encoding before the body cap applies, so a small compressed
 * body that inflates past the cap is refused like a large plain one. An encoding it does not
 * know is a clear error, not binary garbage quoted in a message.
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The body decoded as its Content-Encoding says (several codings apply in order, last first). */
export function decodedBody(body: NodeJS.ReadableStream & { destroy(): void }, headers: Record<string, string | string[] | undefined>): AsyncIterable<unknown> {
  const codings = (header(headers, 'content-encoding') ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let stream: AsyncIterable<unknown> = body;
  for (const coding of codings.reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip' ? zlib().createGunzip() : coding === 'deflate' ? zlib().createInflate() : coding === 'br' ? zlib().createBrotliDecompress() : undefined;
    if (!decoder) {
      body.on('error', () => undefined); // the abort of a body nobody will read is not news
      body.destroy();
      throw new CliError(`the server answered with Content-Encoding "${coding}", which mailctl cannot decode (it asks for ${ACCEPT_ENCODING})`, ExitCode.Failure, {
        hint: 'a proxy between mailctl and the API may be rewriting answers: check --base-url and the proxy settings',
      });
    }
    stream = Readable.from(stream).pipe(decoder);
  }
  return stream;
}

/** The Content-Length of a body sent as is (no Content-Encoding): the size readCapped will meet; else undefined. */
export function identityLength(headers: Record<string, string | string[] | undefined>): number | undefined {
  const coding = (header(headers, 'content-encoding') ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== 'identity') return undefined;
  const length = header(headers, 'content-length');
  return length !== undefined && /^\d+$/.test(length.trim()) ? Number(length) : undefined;
}

/**
 * A body that ends with the connection (no Content-Length, not chunked) has no length to check:
 * cut short, it is only visible as text that does not parse. Such a 2xx body is treated as a
 * connection lost mid-body, and retried like one.
 */
export function closeDelimited(headers: Record<string, string | string[] | undefined>): boolean {
  return header(headers, 'content-length') === undefined && !/chunked/i.test(header(headers, 'transfer-encoding') ?? '');
}

export class CutShortError extends Error {
  readonly code = 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH';
  constructor() {
    super('connection closed mid-body');
    this.name = 'CutShortError';
  }
}

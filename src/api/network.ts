import { EventEmitter } from 'node:events';
import { CliError, ExitCode } from '../errors.js';
import type { Dispatcher } from './undici.js';

// What the transport knows about the network: which failures mean a request
// never left, how to name a failure in words, and how much body to accept.

/**
 * A response larger than this is not an answer of this API (a page of 100 events is about
 * 100 KB): it is refused rather than read, so memory stays bounded whatever a server sends.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Failures that happen before a request leaves: whatever it asked for cannot have been applied. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function neverSent(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  return code !== undefined && NEVER_SENT.has(code);
}

/** A body past MAX_BODY_BYTES: the client adds, for a write, what its status says was done. */
export class TooLargeError extends CliError {
  constructor() {
    super(`the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB; refusing to read it`, ExitCode.Failure);
  }
}

const tooLarge = () => new TooLargeError();

/**
 * Reads a response body whole, refusing one larger than MAX_BODY_BYTES (after decompression)
 * instead of exhausting memory. Its bytes are only counted as they arrive and kept as the
 * chunks they came in; they are decoded once, into one string, when the body has ended under
 * the cap: a body that will be refused is never decoded, and an accepted one is one string
 * rather than a string per chunk and their join.
 */
export async function readCapped(body: Dispatcher.ResponseData['body'], decoded: AsyncIterable<unknown> = body, declaredBytes?: number): Promise<string> {
  // a body that says it is larger (Content-Length, nothing to decompress) is refused unread
  if (declaredBytes !== undefined && declaredBytes > MAX_BODY_BYTES) {
    body.on('error', () => undefined); // the abort of a body nobody will read is not news
    body.destroy();
    throw tooLarge();
  }
  let chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of decoded) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  chunks = []; // the chunks can go while the text is made
  // a leading byte order mark is dropped, bad bytes become U+FFFD
  return new TextDecoder('utf-8').decode(whole);
}

/**
 * The abort handle of one request, given to undici as its `signal` (undici takes an EventEmitter
 * with `aborted`, `reason` and an 'abort' event as well as an AbortSignal). Not an
 * AbortController: Node keeps an AbortSignal that was given a listener (undici gives it one)
 * alive through the young generation's collections, so each request of a long export would
 * leave its signal in the old generation until a full collection, and peak memory would grow
 * with the number of pages (bench row "stream: peak RSS 200,000 vs 20,000 events").
 */
export class RequestAbort extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /**
   * Aborts this request, with its reason, when the run's long-lived `outer` signal (Ctrl-C,
   * SIGTERM) aborts; returns the unlink to call once the request is settled. (Not
   * AbortSignal.any, which ties each request to the run's signal by weak references that only a
   * full collection clears.)
   */
  follow(outer: AbortSignal | undefined): () => void {
    if (!outer) return () => undefined;
    if (outer.aborted) {
      this.abort(outer.reason);
      return () => undefined;
    }
    const onAbort = () => this.abort(outer.reason);
    outer.addEventListener('abort', onAbort, { once: true });
    return () => outer.removeEventListener('abort', onAbort);
  }
}

/** A failure in words: "connection refused", "timed out waiting for headers", a TLS error. */
export function describeNetworkError(error: unknown): string {
  if (isAbortError(error)) return 'aborted';
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset by the server',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host lookup failed',
    ETIMEDOUT: 'connection timed out',
    UND_ERR_SOCKET: 'connection closed by the server',
    UND_ERR_CLOSED: 'connection closed',
    UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
    UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for headers',
    UND_ERR_BODY_TIMEOUT: 'timed out reading the body',
    UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'connection closed mid-body',
  };
  if (code && known[code]) return known[code]!;
  if (code && TLS_CAUSES[code]) return `TLS: ${TLS_CAUSES[code]} (${code})`;
  if (code && /^ERR_TLS|CERT|SSL/.test(code)) return `TLS error (${code})`;
  return err.message ?? String(error);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR');
}

/**
 * TLS failures by their likely cause and fix, in one line each. An unknown
 * authority is what a TLS-inspecting corporate gateway (or a local test CA)
 * looks like from here.
 */
const UNKNOWN_AUTHORITY = 'certificate signed by an unknown authority: set NODE_EXTRA_CA_CERTS to a PEM file with your CA';
export const TLS_CAUSES: Record<string, string> = {
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNKNOWN_AUTHORITY,
  UNABLE_TO_GET_ISSUER_CERT: UNKNOWN_AUTHORITY,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNKNOWN_AUTHORITY,
  SELF_SIGNED_CERT_IN_CHAIN: UNKNOWN_AUTHORITY,
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate: set NODE_EXTRA_CA_CERTS to a PEM file with that certificate',
  CERT_HAS_EXPIRED: "the server's certificate has expired (or this machine's clock is wrong)",
  CERT_NOT_YET_VALID: "the server's certificate is not valid yet (or this machine's clock is wrong)",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another host name: check the base URL",
};

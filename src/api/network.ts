import { CliError, ExitCode } from '../errors.js';
import { JsonAssembler } from './json-stream.js';
import type { Dispatcher } from './undici.js';

// What the transport knows about the network: which failures mean a request
// never left, how to name a failure in words, and how much body to accept.

/** A response larger than this is not a page of this API: refuse it instead of exhausting memory. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Failures that happen before a request leaves: whatever it asked for cannot have been applied. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function neverSent(error: unknown): boolean {
  const err = error as { code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  return code !== undefined && NEVER_SENT.has(code);
}

/**
 * A JSON body past this size is parsed as it arrives (json-stream.ts) instead of joined and parsed
 * whole. A page of this API is about 100 KB: pages stay on the faster JSON.parse of the text.
 */
const STREAM_JSON_PAST = 4 * 1024 * 1024;

/** A body as read: its text; for a big JSON body, its value (undefined when it is not JSON) and the text's start. */
export interface ReadBody {
  text: string;
  parsed?: { value: unknown };
}

/**
 * Reads a response body, refusing one larger than MAX_BODY_BYTES instead of exhausting memory.
 * With `json` (a 2xx answer), a body that grows past STREAM_JSON_PAST and starts like JSON is
 * parsed as it comes, so its text and its objects are not held at once.
 */
export async function readCapped(body: Dispatcher.ResponseData['body'], decoded: AsyncIterable<unknown> = body, opts: { json?: boolean } = {}): Promise<ReadBody> {
  // Decoded chunk by chunk (a multi-byte character may straddle two chunks): each Buffer is
  // released as it is read, so a page is never held as chunks, one joined Buffer and text at once.
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let size = 0;
  let assembler: JsonAssembler | undefined;
  let broken = false; // the streamed body is not JSON: read on (the cap, a cut-short body) but build nothing
  let mayStream = opts.json === true; // decided once, when the body first passes the threshold
  const feed = (piece: string) => {
    if (broken) return;
    try {
      assembler!.push(piece);
    } catch {
      broken = true;
      assembler = new JsonAssembler(); // releases what was built
    }
  };
  for await (const chunk of decoded) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw new CliError(`the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB; refusing to read it`, ExitCode.Failure);
    }
    const piece = decoder.decode(chunk as Buffer, { stream: true });
    if (assembler) {
      feed(piece);
      continue;
    }
    text += piece;
    if (mayStream && size > STREAM_JSON_PAST) {
      mayStream = false;
      if (!/^\s*[{[]/.test(text.slice(0, 256))) continue; // HTML from a proxy: kept as text, for its message
      assembler = new JsonAssembler();
      feed(text);
      // a copy of the start, for messages: a slice would keep the whole text alive
      text = Buffer.from(text.slice(0, 1024)).toString();
    }
  }
  if (!assembler) return { text: text + decoder.decode() };
  feed(decoder.decode());
  let value: unknown;
  if (!broken) {
    try {
      value = assembler.end();
    } catch {
      value = undefined;
    }
  }
  return { text, parsed: { value } };
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

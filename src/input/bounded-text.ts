import { UsageError } from '../errors.js';
import { abortableChunks } from './bounded.js';

/**
 * A request body given as a file or stdin (`api --input`, `--field k=@file`): read as a stream
 * and refused as soon as it passes the bound, so a wrong file (/dev/zero, an endless pipe, a
 * 600 MB export) costs a few megabytes and a moment instead of growing until V8 gives up
 * ("Invalid string length"). The largest body of the API is an email with 5 MB of attachments,
 * about 7 MB once base64-encoded in JSON: the bound leaves room above that.
 */
const MAX_BODY_INPUT_BYTES = 16 * 1024 * 1024;

/** The stream's bytes as UTF-8 text (a leading BOM dropped); past `max` bytes, not UTF-8 or with a NUL byte, a usage error naming `what`. */
export async function readBoundedText(
  stream: AsyncIterable<unknown> & { destroy?(): void },
  what: string,
  signal?: AbortSignal,
  max = MAX_BODY_INPUT_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of abortableChunks(stream, signal)) {
    size += chunk.length;
    if (size > max) {
      throw new UsageError(`${what}: more than ${(max / 1024 / 1024).toLocaleString('en-US')} MiB, the most mailctl reads for a request body`, {
        hint: 'is this the right file? A request body of the API is at most a few megabytes',
      });
    }
    chunks.push(chunk);
  }
  // Decoded strictly: a Latin-1 or binary file would otherwise go out with U+FFFD in place of
  // its bytes, and a sent email cannot be taken back.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new UsageError(`${what}: not UTF-8 text`, { hint: 'save the file as UTF-8' });
  }
  if (text.includes('\u0000')) throw new UsageError(`${what}: not a text file (it contains NUL bytes)`);
  return text;
}

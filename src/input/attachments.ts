import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { SEND_ATTACHMENT_NAME_MAX, SEND_ATTACHMENTS_MAX_BYTES } from '../api/vocabulary.js';
import { UsageError } from '../errors.js';
import { abortableChunks } from './bounded.js';
import { chars } from './values.js';

// The files of `email send --attach`: read up to what the 5 MB bound leaves, base64-encoded, typed by their extension,
// and checked against the limits of service-api-rest.md 4.3 before anything is sent.

export interface Attachment {
  name: string;
  type: string;
  data: string;
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml',
  webp: 'image/webp', txt: 'text/plain', csv: 'text/csv', html: 'text/html', htm: 'text/html', json: 'application/json',
  xml: 'application/xml', zip: 'application/zip', ics: 'text/calendar', doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The MIME type of an attachment, by its extension. */
function mimeType(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) ?? 'application/octet-stream';
}

/** The attachments of `--attach`, in the order given; undefined when there are none. */
export async function readAttachments(paths: string[], signal?: AbortSignal): Promise<Attachment[] | undefined> {
  if (paths.length === 0) return undefined;
  const out: Attachment[] = [];
  let total = 0;
  for (const path of paths) {
    const name = basename(path);
    if (chars(name) > SEND_ATTACHMENT_NAME_MAX) throw new UsageError(`--attach: the file name ${name.slice(0, 60)}… is longer than ${SEND_ATTACHMENT_NAME_MAX} characters`);
    // Read as a stream and given up once past the bytes whose base64 still fits: a pipe or a
    // device (/dev/zero) has no size to check first, and would otherwise fill the memory.
    const room = Math.floor((SEND_ATTACHMENTS_MAX_BYTES - total) / 4) * 3;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of abortableChunks(createReadStream(path), signal)) {
        size += chunk.length;
        if (size > room) throw new UsageError(`--attach: the attachments come to more than 5 MB after base64 encoding (past it with ${name})`);
        chunks.push(chunk);
      }
    } catch (error) {
      if (!(error as NodeJS.ErrnoException).code || error instanceof UsageError) throw error;
      const e = error as NodeJS.ErrnoException;
      throw new UsageError(`--attach: cannot read ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'it is a directory' : e.message}`);
    }
    const data = Buffer.concat(chunks).toString('base64');
    total += data.length;
    out.push({ name, type: mimeType(name), data });
  }
  return out;
}

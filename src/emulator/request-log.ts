// `mailctl emulator --log`: one line per request on stderr — method, path, status and which
// of the emulator's keys was used (its kind, never the key itself).
import type { ApiKey } from './keys.js';
import type { RecordedRequest } from './types.js';

export function requestLogLine(rec: RecordedRequest, keys: readonly ApiKey[]): string {
  const kind = rec.key === undefined ? 'no key' : (keys.find((k) => k.key === rec.key)?.kind ?? 'unknown key');
  const query = rec.rawQuery ? `?${rec.rawQuery}` : '';
  const status = rec.status === 0 ? 'dropped' : String(rec.status);
  // The path and query come from the client: shown, never obeyed, by the terminal.
  const shown = `${rec.path}${query}`.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `${rec.method} ${shown} ${status} ${kind}`;
}

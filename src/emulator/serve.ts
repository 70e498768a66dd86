// What `mailctl emulator` runs: start, announce the base URL and keys, serve until aborted.
// With `json` the first line of `out` is exactly one JSON object, so scripts can read it with
// `head -n 1` and start talking to the emulator.
import { startEmulator } from './index.js';
import type { EmulatorOptions } from './types.js';

export async function serveEmulator(
  opts: EmulatorOptions & { json?: boolean },
  out: NodeJS.WritableStream,
  isTTY: boolean,
  signal: AbortSignal,
): Promise<void> {
  const { json, ...options } = opts;
  const emu = await startEmulator(options);
  try {
    if (json) {
      out.write(`${JSON.stringify({ base_url: emu.baseUrl, keys: emu.keys, ...(emu.caPath ? { ca_path: emu.caPath } : {}) })}\n`);
    } else {
      const lines = [
        `mailctl API emulator listening on ${emu.baseUrl}`,
        '',
        'API keys:',
        `  full        ${emu.keys.full}`,
        `  read_only   ${emu.keys.read_only}`,
        `  sandbox     ${emu.keys.sandbox}`,
        `  other_team  ${emu.keys.other_team}`,
        '',
        ...(emu.caPath ? [`CA certificate (trust it with NODE_EXTRA_CA_CERTS): ${emu.caPath}`, ''] : []),
        'Try:',
        `  ${emu.caPath ? `NODE_EXTRA_CA_CERTS=${emu.caPath} ` : ''}MAILCTL_BASE_URL=${emu.baseUrl} MAILCTL_API_KEY=${emu.keys.full} mailctl events list`,
      ];
      if (isTTY) lines.push('', 'Press Ctrl-C to stop.');
      out.write(`${lines.join('\n')}\n`);
    }
    if (!signal.aborted) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
  } finally {
    await emu.close();
  }
}

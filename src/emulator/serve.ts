// What `mailctl emulator` runs: start, announce the base URL, keys and ids to try, serve until
// aborted. With `json` the first line of `out` is exactly one JSON object, so scripts can read
// it with `head -n 1`; with `env` stdout carries only `export` lines (`. emu.env` in a second
// shell) and the readable banner goes to `err`. Request and delivery lines go to `err` too.
import { startEmulator } from './index.js';
import type { Emulator, EmulatorOptions } from './types.js';

export interface ServeOptions extends EmulatorOptions {
  json?: boolean;
  /** print `export MAILCTL_BASE_URL=… MAILCTL_API_KEY=…` lines on stdout */
  env?: boolean;
  /** one line per request on `err` */
  log?: boolean;
}

const FEW = 3;

/** A few ids of every kind a user can try, for the banner (cli.md: the `ids` of the --json banner). */
function idsToTry(emu: Emulator): Record<string, unknown> {
  const f = emu.fixtures;
  return {
    campaigns: { ...f.campaigns },
    transmission: f.requestIds[0] ?? null,
    contacts: f.contacts.slice(0, FEW),
    lists: f.lists.slice(0, FEW),
    topics: f.topics.slice(0, FEW),
    properties: f.properties.slice(0, FEW),
    segments: f.segments.slice(0, FEW),
    webhooks: [...f.webhooks],
    templates: f.templates.slice(0, FEW),
    domains: f.domains.slice(0, FEW),
    projects: f.projects.slice(0, FEW),
  };
}

/** Shell-safe: the base URL and keys are plain, but a --host value reaches the URL. */
const sh = (v: string) => (/^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);

function exportLines(emu: Emulator): string {
  const ca = emu.caPath ? `export NODE_EXTRA_CA_CERTS=${sh(emu.caPath)}\n` : '';
  return `export MAILCTL_BASE_URL=${sh(emu.baseUrl)}\nexport MAILCTL_API_KEY=${sh(emu.keys.full)}\n${ca}`;
}

function banner(emu: Emulator, opts: ServeOptions, interactive: boolean): string {
  const ids = idsToTry(emu) as { campaigns: Record<string, string>; transmission: string | null; [k: string]: unknown };
  const list = (name: string) => (ids[name] as string[]).join(' ');
  const campaigns = Object.entries(ids.campaigns).map(([state, id]) => `    ${state.padEnd(10)} ${id}`);
  const lines = [
    `mailctl API emulator listening on ${emu.baseUrl}${opts.live ? ' (live: new events every second)' : ''}`,
    ...(opts.scenario && opts.scenario !== 'mixed' ? [`Event mix: ${opts.scenario} (--scenario)`] : []),
    '',
    'API keys:',
    `  full        ${emu.keys.full}`,
    `  read_only   ${emu.keys.read_only}`,
    `  sandbox     ${emu.keys.sandbox}`,
    `  other_team  ${emu.keys.other_team}`,
    `  free_tier   ${emu.keys.free_tier}   (free plan: 100 emails a day, 3,000 a month)`,
    '',
    'Ids to try:',
    '  campaigns:',
    ...campaigns,
    `  transmission  ${ids.transmission ?? '-'}`,
    `  contacts      ${list('contacts')}`,
    `  lists         ${list('lists')}`,
    `  topics        ${list('topics')}`,
    `  properties    ${list('properties')}`,
    `  segments      ${list('segments')}`,
    `  webhooks      ${list('webhooks')}`,
    `  templates     ${list('templates')}`,
    `  domains       ${list('domains')}`,
    `  projects      ${list('projects')}`,
    '',
    ...(emu.caPath ? [`CA certificate (trust it with NODE_EXTRA_CA_CERTS): ${emu.caPath}`, ''] : []),
    'Try (in another shell):',
    `  export MAILCTL_BASE_URL=${sh(emu.baseUrl)} MAILCTL_API_KEY=${sh(emu.keys.full)}${emu.caPath ? ` NODE_EXTRA_CA_CERTS=${sh(emu.caPath)}` : ''}`,
    `  mailctl events list${opts.live ? ' --follow' : ''}`,
    `  mailctl campaign show ${ids.campaigns.draft ?? ''}`,
    '  mailctl webhook listen   # then point a webhook at it with `mailctl webhook set`',
  ];
  if (interactive) lines.push('', 'Press Ctrl-C to stop.');
  return `${lines.join('\n')}\n`;
}

export async function serveEmulator(
  opts: ServeOptions,
  out: NodeJS.WritableStream,
  isTTY: boolean,
  signal: AbortSignal,
  err?: NodeJS.WritableStream,
): Promise<void> {
  const { json, env, log, ...options } = opts;
  const line = (text: string) => void err?.write(`${text}\n`);
  const emu = await startEmulator({
    ...options,
    ...(log ? { logRequest: line } : {}),
    logDelivery: (text) => line(`webhook delivery: ${text}`),
  });
  try {
    if (json) {
      out.write(`${JSON.stringify({ base_url: emu.baseUrl, keys: emu.keys, ids: idsToTry(emu), ...(emu.caPath ? { ca_path: emu.caPath } : {}) })}\n`);
    } else if (env) {
      out.write(exportLines(emu));
      err?.write(banner(emu, opts, true));
    } else {
      out.write(banner(emu, opts, isTTY));
    }
    if (!signal.aborted) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
  } finally {
    await emu.close();
  }
}

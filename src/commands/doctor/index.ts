import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { dbFlag } from '../archive-db.js';
import { command } from '../define.js';

export const spec = command({
  name: 'doctor',
  summary: 'is this machine set up right? one row per check, each with the fix; at most two API requests; exit 8 when any check does not pass',
  description: [
    'Checks: config file modes; the profile and where each setting came from; the key',
    '(present, live or sandbox, where it is kept; never shown); base URL; proxy; DNS, TCP',
    'and TLS with times; clock skew against the server; the authenticated read (401/403',
    'explained); the rate-limit budget; enabled webhooks that fail.',
    'Spends at most two requests (GET /campaigns?per_page=1, GET /webhooks), reads only,',
    'so a sandbox key works; each network step gives up within seconds.',
    'Rows: ✔ passes, ! needs attention, ✘ broken.',
  ].join('\n'),
  flags: {
    db: dbFlag('also check the local archive of `events sync`: opens, its team, PRAGMA integrity_check (no request)').defaultShown("the profile's archive"),
  },
  examples: ['mailctl doctor', 'mailctl doctor --profile staging --json', 'HTTPS_PROXY=http://proxy.corp:3128 mailctl doctor'],
  operation: `${OPERATIONS.listCampaigns.name}?per_page=1, ${OPERATIONS.listWebhooks.name} (at most two requests)`,
  exitCodes: [ExitCode.CheckFailed],
  apiFailuresAsRows: true,
  group: 'setup',
  async run(opts, ctx) {
    const { runDoctor } = await import('./run.js');
    await runDoctor(opts, ctx);
  },
});

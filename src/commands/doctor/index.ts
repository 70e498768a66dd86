import { OPERATIONS } from '../../api/operations.js';
import { ExitCode } from '../../errors.js';
import { dbFlag } from '../archive-db.js';
import { command } from '../define.js';

export const spec = command({
  name: 'doctor',
  summary: 'is this machine set up right? one row per check, each with the fix; at most four API requests; exit 8 when any check does not pass',
  description: [
    'Checks: config file modes; the profile and where each setting came from; the key',
    '(present, live or sandbox, where it is kept; never shown); base URL; proxy; DNS, TCP',
    'and TLS with times; the service (GET /health); the key validity and team (GET',
    '/auth/check, 401/403 explained); clock skew against the server; the rate-limit',
    'budget; the sending domains not verified; the free-tier quota left (X-Daily-*,',
    'X-Monthly-*, when an answer carries them); enabled webhooks that fail.',
    'Spends at most four requests (GET /health, GET /auth/check, GET /domains,',
    'GET /webhooks), reads only, so a sandbox key works; each network step gives up',
    'within seconds.',
    'Rows: ✔ passes, ! needs attention, ✘ broken.',
  ].join('\n'),
  flags: {
    db: dbFlag('also check the local archive of `events sync`: opens, its team, PRAGMA integrity_check (no request)').defaultShown("the profile's archive"),
  },
  examples: ['mailctl doctor', 'mailctl doctor --profile staging --json', 'HTTPS_PROXY=http://proxy.corp:3128 mailctl doctor'],
  operation: `${OPERATIONS.health.name}, ${OPERATIONS.authCheck.name}, ${OPERATIONS.listDomains.name}, ${OPERATIONS.listWebhooks.name} (at most four requests)`,
  moreOperations: [OPERATIONS.health, OPERATIONS.authCheck, OPERATIONS.listDomains, OPERATIONS.listWebhooks],
  exitCodes: [ExitCode.CheckFailed],
  formats: ['markdown'],
  apiFailuresAsRows: true,
  group: 'setup',
  async run(opts, ctx) {
    const { runDoctor } = await import('../../report/doctor/run.js');
    await runDoctor(opts, ctx);
  },
});

// The API emulator: an in-memory HTTP server implementing the operations of
// shared/spec/email-service-api.md and service-api-rest.md, behaving as
// shared/design/service-notes.md describes.
// `startEmulator` is what tests, the benchmarks and `mailctl emulator` (via serve.ts) use.
import type { AddressInfo } from 'node:net';
import { EmulatorApp } from './app.js';
import { AuthLockout } from './auth-lockout.js';
import { OTHER_TEAM_SIZES, buildTeam, makeFixtures } from './data/team.js';
import { SCENARIOS, SCENARIO_WEIGHTS } from './data/scenarios.js';
import { WebhookDelivery } from './delivery.js';
import { Faults } from './faults.js';
import { makeKeys } from './keys.js';
import { LIVE_INTERVAL_MS, startLive } from './live.js';
import { startClock } from './clock.js';
import { rngFor } from './prng.js';
import { DEFAULT_LOG_LIMITS, RequestLog, requestLogLine } from './request-log.js';
import { SANDBOX_LIMITS } from './sandbox-budget.js';
import { createEmulatorServer } from './server.js';
import type { Emulator, EmulatorOptions, EmulatorStore, RecordedRequest } from './types.js';

export type {
  Campaign, CampaignEvent, CampaignState, CampaignStats, Contact, Emulator, EmulatorOptions, EmulatorStore,
  FaultScript, Fixtures, MailingList, Property, RecordedRequest, Segment, TeamData, TeamName, Topic, Webhook,
} from './types.js';
export { EventLog, EMAIL_EVENT_TYPES } from './data/event-log.js';
export { SEND_DURATION_MS } from './data/campaign-events.js';

function check(name: string, value: number, min: number, max = Infinity, integer = false): number {
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new RangeError(`emulator option ${name} must be ${integer ? 'an integer' : 'a number'} in [${min}, ${max}], got ${value}`);
  }
  return value;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const host = options.host ?? '127.0.0.1';
  const seed = check('seed', options.seed ?? 1, 0, 2 ** 32 - 1, true);
  const events = check('events', options.events ?? 2000, 0, 50_000_000, true);
  const contacts = check('contacts', options.contacts ?? 200, 0, 1_000_000, true);
  const lists = check('lists', options.lists ?? 6, 1, 10_000, true);
  const rateLimit = check('rateLimit', options.rateLimit ?? 0, 0);
  const latency = check('latency', options.latency ?? 0, 0);
  const faultRate = check('faultRate', options.faultRate ?? 0, 0, 1);
  const sandboxLimits =
    options.sandboxBudget === false
      ? undefined
      : {
          minute: check('sandboxBudget.minute', options.sandboxBudget?.minute ?? SANDBOX_LIMITS.minute, 1, Infinity, true),
          day: check('sandboxBudget.day', options.sandboxBudget?.day ?? SANDBOX_LIMITS.day, 1, Infinity, true),
        };
  const port = check('port', options.port ?? 0, 0, 65535, true);
  const now = options.now ?? Date.now;
  const retryScale = check('webhookRetryScale', options.webhookRetryScale ?? 1, 0, 1000);
  const scenario = options.scenario ?? 'mixed';
  if (!SCENARIOS.includes(scenario)) throw new RangeError(`emulator option scenario must be one of ${SCENARIOS.join(', ')}, got ${scenario}`);

  const start = now();
  const sizes = { events, contacts, lists, topics: 4, properties: 6, webhooks: 3 };
  const main = buildTeam('main', seed, start, sizes, SCENARIO_WEIGHTS[scenario]);
  const other = buildTeam('other', seed, start, OTHER_TEAM_SIZES);
  const free = buildTeam('free', seed, start, OTHER_TEAM_SIZES);
  const store: EmulatorStore = { teams: { main: main.team, other: other.team, free: free.team } };
  for (const team of Object.values(store.teams)) team.sending.instantDns = options.domainsVerified === true;
  const keys = makeKeys(seed, options.randomKeys === true);
  const requests: RecordedRequest[] = [];
  const log = new RequestLog(requests, { ...DEFAULT_LOG_LIMITS, ...options.requestLog });
  const faults = new Faults(faultRate, rngFor(seed, 'faults'));
  const tls = options.tls ? await (await import('./tls.js')).makeEmulatorTls(host, start) : undefined;
  const logRequest = options.logRequest;
  const delivery = new WebhookDelivery({ now, retryScale, log: options.logDelivery ?? (() => {}) });
  const clock = startClock(store, now, (team, from, to) => delivery.enqueue(team, from, to));
  const srv = createEmulatorServer({
    app: new EmulatorApp(store, keys, rateLimit, sandboxLimits, clock.advance, options.authLockout ? new AuthLockout() : undefined),
    faults, latency, now, log,
    onAnswered: logRequest && ((rec) => logRequest(requestLogLine(rec, keys))),
    ...(tls ? { tls } : {}),
  });
  const append = (n: number) => {
    clock.advance(now());
    const events = store.teams.main.events;
    const before = events.length;
    events.append(n, now());
    delivery.enqueue(store.teams.main, before, events.length);
  };

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      clock.stop();
      tls?.remove();
      reject(error);
    };
    srv.server.once('error', failed);
    srv.server.listen(port, host, () => {
      srv.server.off('error', failed);
      resolve();
    });
  });
  const address = srv.server.address() as AddressInfo;
  // A wildcard bind is reachable on loopback; a URL needs brackets around an IPv6 address.
  const reach = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const baseUrl = `${tls ? 'https' : 'http'}://${reach.includes(':') ? `[${reach}]` : reach}:${address.port}`;
  const keyOf = (kind: string) => keys.find((k) => k.kind === kind)?.key as string;
  const live = options.live
    ? startLive({ seed, intervalMs: typeof options.live === 'object' ? options.live.intervalMs : LIVE_INTERVAL_MS, append })
    : undefined;

  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    ...(tls ? { caPath: tls.caPath } : {}),
    keys: {
      full: keyOf('full'), read_only: keyOf('read_only'), sandbox: keyOf('sandbox'), other_team: keyOf('other_team'), free_tier: keyOf('free_tier'),
    },
    requests,
    clearRequests: () => log.clear(),
    scriptFault: (f) => faults.add(f),
    clearFaults: () => faults.clear(),
    fixtures: makeFixtures(main, other),
    store,
    addEvents: (n) => append(check('n', n, 0, 50_000_000, true)),
    deliveries: delivery.attempts,
    deliverDue: () => {
      clock.advance(now());
      return delivery.runDue();
    },
    advance: () => clock.advance(now()),
    close: () => {
      live?.stop();
      clock.stop();
      delivery.close();
      return (closing ??= srv.close().finally(() => tls?.remove()));
    },
  };
}

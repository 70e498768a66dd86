import type { EmailEvent } from '../../api/emails.js';
import { OPERATIONS } from '../../api/operations.js';
import { maskUrl } from '../../api/redact.js';
import { EMAIL_EVENT_TYPES } from '../../api/vocabulary.js';
import { isSandboxKey } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { parseDuration } from '../../duration.js';
import { receiverUrl } from '../../input/values.js';
import { parseWebhookEvents, WEBHOOK_EVENTS } from '../../input/webhook-events.js';
import { createListWriter } from '../../output/list.js';
import { command, flag, type Parsed } from '../define.js';
import { authorizationHeader, guardUrlSecret, parseAuthFlags, readAuth, type AuthChoice } from '../../webhooks/receiver-auth.js';
import { authFlags, RECEIVER_SECRET_FLAGS } from './receiver-auth.js';
import { MS_PER_MINUTE } from '../../time-units.js';
import { counted } from '../../counts.js';

// `webhook forward --to URL`: real events to a local receiver with no tunnel and no change to any
// webhook. The `events list --follow` engine polls; the forwarder (src/webhooks) delivers as the
// service would. stdout gets one row per POST attempt; Ctrl-C abandons the attempt under way (its
// receiver may have got it: deliveries can repeat, and receivers de-duplicate on event_id).

interface ForwardOptions extends AuthChoice {
  to: string;
  /** events-API types (spec 6.1) to forward; undefined = all */
  events?: string[];
  schedule: 'compressed' | 'service';
  pollIntervalMs?: number;
}

const DEFAULT_POLL_MS = 2000;
/** Below this a poll asks the API several times a second for what a second's wait would have batched. */
const MIN_POLL_MS = 1000;
/** A sandbox key has 10 requests a minute and 100 a day: poll at 6 a minute, leaving room for other commands. */
const SANDBOX_POLL_MS = 10_000;

/** Webhook names (any spelling) → the events API's types; relay events never appear there. */
function eventTypes(values: string[]): string[] {
  const items = values.flatMap((v) => v.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) throw new UsageError('--events: needs at least one event name');
  const { events } = parseWebhookEvents(items);
  const types = events.map((e) => e.slice(e.indexOf('.') + 1));
  const relay = types.filter((t) => !(EMAIL_EVENT_TYPES as readonly string[]).includes(t));
  if (relay.length > 0) throw new UsageError(`--events: ${relay.join(', ')} never appear in the events API, so they cannot be forwarded`);
  return types;
}

function pollInterval(text: string): number {
  const ms = parseDuration(text, '--poll-interval');
  if (ms < MIN_POLL_MS) throw new UsageError(`--poll-interval must be at least 1s (got "${text}")`);
  return ms;
}

async function run(opts: ForwardOptions, ctx: Context): Promise<void> {
  const { listEmailEvents } = await import('../../api/emails.js');
  const { follow } = await import('../../api/follow.js');
  const { ATTEMPT_SPEC, createForwarder, ReceiverGone, RETRY_SCHEDULES } = await import('../../webhooks/forwarder.js');
  const out = ctx.output(ATTEMPT_SPEC);
  const { auth, signingSecret } = await readAuth(opts, ctx);
  const api = await ctx.api();
  const sandbox = isSandboxKey(ctx.settings().apiKey.value ?? '');
  const intervalMs = opts.pollIntervalMs ?? (sandbox ? SANDBOX_POLL_MS : DEFAULT_POLL_MS);
  if (sandbox) ctx.notice(`sandbox key: polling every ${intervalMs / 1000}s to stay within its 10 requests a minute (its 100 a day last about ${Math.round((100 * intervalMs) / MS_PER_MINUTE)} minutes of forwarding)`);

  const { postTo } = await import('../../webhooks/relay.js');
  const writer = createListWriter(out, ATTEMPT_SPEC);
  const forwarder = createForwarder({
    to: opts.to,
    authorization: authorizationHeader(auth),
    signingSecret,
    delaysMs: RETRY_SCHEDULES[opts.schedule],
    post: (url, headers, body) => postTo(url, headers, body, { now: ctx.now, signal: ctx.signal }),
    // the run's clock (a timer cut short by Ctrl-C; a test's clock decides how long a poll interval lasts)
    sleep: (ms) => ctx.sleep(ms),
    now: ctx.now,
    onAttempt: (a) => writer.write([a]),
    signal: ctx.signal,
  });
  const to = maskUrl(opts.to);
  guardUrlSecret(ctx, opts.to);
  ctx.notice(`Forwarding new events to ${to} (retry schedule: ${opts.schedule}; Ctrl-C to stop)…`);
  let gone = false;
  try {
    await follow({
      fetchPage: (q) => listEmailEvents(api, { events: opts.events, from: q.from, cursor: q.cursor, per_page: q.perPage }),
      intervalMs,
      skipBacklog: true,
      write: (events: EmailEvent[]) => forwarder.deliver(events),
      warn: (message) => ctx.warn(message),
      sleep: (ms) => ctx.sleep(ms),
      signal: ctx.signal,
    });
  } catch (error) {
    if (!(error instanceof ReceiverGone)) throw error;
    gone = true;
  } finally {
    await writer.end();
    ctx.notice(`Forwarded ${counted(forwarder.delivered, 'event')}${forwarder.givenUp ? `; gave up on ${forwarder.givenUp} after every attempt failed` : ''}.`);
  }
  // Ctrl-C or SIGTERM ended it: not a success (130 / 143), as every long-running command
  ctx.signal.throwIfAborted();
  // The receiver refused every further delivery: a script must not see success.
  if (gone) throw new CliError(`${to} answered 410 Gone: stopped forwarding, as the service disables a webhook that answers 410`);
}

const FLAGS = {
  to: flag
    .string('where to POST the deliveries, e.g. http://127.0.0.1:3000/webhooks', { value: 'url', parse: receiverUrl('http://127.0.0.1:3000/webhooks') })
    .required('the URL to POST the deliveries to, e.g. http://127.0.0.1:3000/webhooks'),
  // short and legacy names are converted in check(): completed, not enforced here
  events: flag.list('event types to forward, repeatable; short names like delivery are converted', { value: 'names', values: WEBHOOK_EVENTS, parse: (s) => s, item: 'event name' }),
  ...authFlags('send'),
  retrySchedule: flag
    .enum(['compressed', 'service'] as const, 'compressed (1s, 2s, 5s, 10s, 30s, 1m: for local development) or service (1m … 24h, as the service retries)', 'name')
    .default('compressed'),
  pollInterval: flag.string('how often to ask the events API for new events, at least 1s', { value: 'duration' }).defaultShown('2s; 10s with a sandbox key'),
};

function check(o: Parsed<typeof FLAGS, Record<never, never>>): ForwardOptions {
  return {
    ...parseAuthFlags(o),
    to: o.to,
    events: o.events === undefined ? undefined : eventTypes(o.events),
    schedule: o.retrySchedule,
    pollIntervalMs: o.pollInterval === undefined ? undefined : pollInterval(o.pollInterval),
  };
}

export default command({
  name: 'forward',
  summary: 'poll the events API and POST new events to a local URL in the webhook delivery format (no tunnel, no webhook change)',
  flags: FLAGS,
  secretFlags: RECEIVER_SECRET_FLAGS,
  examples: [
    'mailctl webhook forward --to http://127.0.0.1:3000/webhooks',
    'printf %s "$HOOK_PASSWORD" | mailctl webhook forward --to http://127.0.0.1:3000/webhooks --auth-type basic --auth-username ops --auth-password-stdin',
    'mailctl webhook forward --to http://127.0.0.1:8787/ --events bounce,spam_complaint --retry-schedule service',
  ],
  operation: OPERATIONS.listEmailEvents,
  check,
  run,
});

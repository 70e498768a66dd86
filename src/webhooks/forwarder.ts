// The delivery side of `webhook forward`: events in, POSTs out, as the service delivers them —
// batches of the delivery format, the given auth, a 2xx within 30 s is success, anything else is
// retried on a schedule, 410 stops everything. Polling is not here: the command feeds this from
// the `events list --follow` engine.
import { batches, deliveryBody, SERVICE_RETRY_DELAYS_MS, SIGNATURE_HEADER, type ApiEvent } from './format.js';
import type { RelayResult } from './relay.js';
import { signBody } from './verify.js';
import { MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from '../time-units.js';
import type { ListSpec } from '../output/types.js';

/** For developing a receiver: the service's 7 attempts, over a minute instead of 35 hours. */
export const COMPRESSED_RETRY_DELAYS_MS: readonly number[] = [0, 1, 2, 5, 10, 30, 60].map((s) => s * MS_PER_SECOND);
export const RETRY_SCHEDULES = { compressed: COMPRESSED_RETRY_DELAYS_MS, service: SERVICE_RETRY_DELAYS_MS } as const;

export interface ForwardAttempt {
  sent_at: string;
  events: number;
  first_event_id: string | null;
  attempt: number;
  status: number;
  ms: number;
  error?: string;
  /** what happens next: delivered, retry in Ns, gave up, stopped (410) */
  outcome: string;
}

/** What `webhook forward` prints: one row per POST attempt. */
export const ATTEMPT_SPEC: ListSpec<ForwardAttempt> = {
  columns: [
    { key: 'sent_at', header: 'TIME', value: (a) => a.sent_at, kind: 'time' },
    { key: 'events', header: 'EVENTS', value: (a) => a.events, kind: 'number' },
    { key: 'first_event_id', header: 'FIRST EVENT', value: (a) => a.first_event_id },
    { key: 'attempt', header: 'ATTEMPT', value: (a) => a.attempt, kind: 'number' },
    { key: 'status', header: 'STATUS', value: (a) => (a.status === 0 ? (a.error ?? 'no answer') : a.status) },
    { key: 'ms', header: 'MS', value: (a) => a.ms, kind: 'number' },
    { key: 'outcome', header: 'OUTCOME', value: (a) => a.outcome },
  ],
  fields: ['sent_at', 'events', 'first_event_id', 'attempt', 'status', 'ms', 'error', 'outcome'],
};

export interface ForwarderOptions {
  to: string;
  /** the Authorization header to send, if any */
  authorization?: string;
  signingSecret?: string;
  delaysMs: readonly number[];
  post(url: string, headers: Record<string, string>, body: string): Promise<RelayResult>;
  sleep(ms: number): Promise<void>;
  now(): number;
  onAttempt(a: ForwardAttempt): Promise<void> | void;
  /** Ctrl-C: an attempt cut short is not reported as a failure, and nothing more is sent. */
  signal?: AbortSignal;
}

/** Thrown when the receiver answers 410 Gone: the service would disable the webhook. */
export class ReceiverGone extends Error {
  constructor(readonly delivered: number) {
    super('the receiver answered 410 Gone');
    this.name = 'ReceiverGone';
  }
}

const seconds = (ms: number) => (ms < MS_PER_MINUTE ? `${ms / MS_PER_SECOND}s` : ms < MS_PER_HOUR ? `${ms / MS_PER_MINUTE}min` : `${ms / MS_PER_HOUR}h`);

export function createForwarder(opts: ForwarderOptions) {
  let delivered = 0;
  let givenUp = 0;

  async function deliverBatch(events: ApiEvent[]): Promise<void> {
    const body = deliveryBody(events);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'mailctl-webhook-forward' };
    if (opts.authorization) headers.authorization = opts.authorization;
    if (opts.signingSecret) headers[SIGNATURE_HEADER] = signBody(body, opts.signingSecret);
    for (let attempt = 1; attempt <= opts.delaysMs.length; attempt++) {
      const sentAt = opts.now();
      const r = await opts.post(opts.to, headers, body);
      if (opts.signal?.aborted) throw opts.signal.reason;
      const ok = r.status >= 200 && r.status < 300;
      const next = opts.delaysMs[attempt];
      const outcome = ok ? 'delivered' : r.status === 410 ? 'stopped: 410 Gone' : next === undefined ? 'gave up' : `retry in ${seconds(next)}`;
      await opts.onAttempt({
        sent_at: new Date(sentAt).toISOString(),
        events: events.length,
        first_event_id: typeof events[0]?.event_id === 'string' ? events[0].event_id : null,
        attempt,
        status: r.status,
        ms: r.ms,
        ...(r.error ? { error: r.error } : {}),
        outcome,
      });
      if (ok) {
        delivered += events.length;
        return;
      }
      if (r.status === 410) throw new ReceiverGone(delivered);
      if (next === undefined) break;
      await opts.sleep(next);
    }
    givenUp += events.length;
  }

  return {
    /** Delivers events (oldest first) in batches, each retried until it succeeds or its attempts run out. */
    async deliver(events: readonly ApiEvent[]): Promise<void> {
      for (const batch of batches(events)) await deliverBatch(batch);
    },
    get delivered() {
      return delivered;
    },
    get givenUp() {
      return givenUp;
    },
  };
}

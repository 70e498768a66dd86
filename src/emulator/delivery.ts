// The emulator's webhook deliveries (service-notes, "Webhook deliveries"). New events of a team
// are batched per enabled webhook whose `event_types` want them, and POSTed in the delivery
// format with the webhook's auth as it is configured at the time of each attempt (so a
// `webhook set` takes effect on the next one). Failures are retried on the service's schedule,
// multiplied by `retryScale`; times come from the emulator's clock, so a test can move a fake
// clock and call `runDue()` instead of waiting. 410 disables the webhook. Only loopback URLs
// are ever connected to; any other is skipped, and said so once per webhook and URL.
import { DELIVERY_DEADLINE_MS, SERVICE_RETRY_DELAYS_MS, batches, deliveryBody, wantsEvent, type ApiEvent } from '../webhooks/format.js';
import { EMAIL_EVENT_TYPES } from './data/event-log.js';
import { loopbackAddress, parseHttpUrl } from './loopback.js';
import { postLoopback } from './post.js';
import type { DeliveryAttempt } from './delivery-attempt.js';
import type { TeamData, Webhook } from './types.js';
import { MS_PER_HOUR } from '../time-units.js';

interface Pending {
  team: TeamData;
  webhookId: string;
  events: ApiEvent[];
  /** attempts made so far */
  attempts: number;
  dueAt: number;
}

export interface DeliveryOptions {
  now: () => number;
  /** multiplies the retry delays (0.001 turns 35 hours into about 2 minutes) */
  retryScale: number;
  /** one line per attempt and per skipped webhook */
  log: (line: string) => void;
}

interface CachedToken {
  key: string;
  token: string;
  expiresAt: number;
}

export class WebhookDelivery {
  readonly attempts: DeliveryAttempt[] = [];
  private pending: Pending[] = [];
  private readonly warned = new Set<string>();
  private readonly tokens = new Map<string, CachedToken>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly opts: DeliveryOptions) {}

  /** Queues events [from, to) of a team's log for every webhook that wants some of them. */
  enqueue(team: TeamData, from: number, to: number): void {
    if (this.closed || to <= from) return;
    // Rendering is the cost: only when some webhook can receive, and only what one wants.
    const hooks = [...team.webhooks.values()].filter((w) => w.enabled && this.onLoopback(w));
    if (hooks.length === 0) return;
    const rendered = new Map<number, ApiEvent>();
    const render = (i: number) => {
      let e = rendered.get(i);
      if (!e) rendered.set(i, (e = team.events.render(i)));
      return e;
    };
    const now = this.opts.now();
    for (const w of hooks) {
      const wanted: ApiEvent[] = [];
      for (let i = from; i < to; i++) {
        if (wantsEvent(w.event_types, EMAIL_EVENT_TYPES[team.events.type[i] as number] as string)) wanted.push(render(i));
      }
      for (const batch of batches(wanted)) this.pending.push({ team, webhookId: w.id, events: batch, attempts: 0, dueAt: now });
    }
    this.arm();
  }

  /** Makes every attempt that is due by the emulator's clock, and waits for their answers. */
  runDue(): Promise<void> {
    this.running = this.running.then(() => this.attemptDue());
    return this.running;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.pending = [];
  }

  private onLoopback(w: Webhook): boolean {
    const url = parseHttpUrl(w.url);
    if (url && loopbackAddress(url) !== undefined) return true;
    const key = `${w.id} ${w.url}`;
    if (!this.warned.has(key)) {
      this.warned.add(key);
      this.opts.log(`webhook ${w.id}: not delivering to ${w.url}: the emulator only delivers to loopback addresses (127.0.0.1, ::1, localhost)`);
    }
    return false;
  }

  /** A real timer for the next due attempt, so a running emulator delivers on its own. */
  private arm(): void {
    clearTimeout(this.timer);
    if (this.closed || this.pending.length === 0) return;
    const next = Math.min(...this.pending.map((p) => p.dueAt));
    const wait = Math.max(0, Math.min(next - this.opts.now(), 2 ** 31 - 1));
    this.timer = setTimeout(() => void this.runDue(), wait);
    this.timer.unref();
  }

  private async attemptDue(): Promise<void> {
    const now = this.opts.now();
    const due = this.pending.filter((p) => p.dueAt <= now);
    this.pending = this.pending.filter((p) => p.dueAt > now);
    // One webhook's batches in order, different webhooks side by side.
    const byHook = new Map<string, Pending[]>();
    for (const p of due) byHook.set(p.webhookId, [...(byHook.get(p.webhookId) ?? []), p]);
    await Promise.all([...byHook.values()].map(async (list) => {
      for (const p of list) await this.attempt(p);
    }));
    this.arm();
  }

  private async attempt(p: Pending): Promise<void> {
    const w = p.team.webhooks.get(p.webhookId);
    // Disabled or re-pointed elsewhere since: the service would not deliver either.
    if (!w || !w.enabled || !this.onLoopback(w) || this.closed) return;
    p.attempts++;
    const url = parseHttpUrl(w.url) as URL;
    const auth = await this.authorization(w);
    const result =
      'error' in auth
        ? { status: 0, body: '', error: auth.error }
        : await postLoopback(url, { 'content-type': 'application/json', 'user-agent': 'mailctl-emulator', ...auth.headers }, deliveryBody(p.events), DELIVERY_DEADLINE_MS);
    if (this.closed) return;
    const time = this.opts.now();
    this.attempts.push({ webhookId: w.id, url: w.url, attempt: p.attempts, time, events: p.events.length, status: result.status, ...(result.error ? { error: result.error } : {}) });
    const ok = result.status >= 200 && result.status < 300;
    w.last_status = ok ? 'success' : 'failure';
    if (ok) w.last_successful_at = time;
    else w.last_failure_at = time;
    const what = `webhook ${w.id}: ${p.events.length} event${p.events.length === 1 ? '' : 's'} to ${w.url}, attempt ${p.attempts}/${SERVICE_RETRY_DELAYS_MS.length}`;
    if (ok) return this.opts.log(`${what}: ${result.status}`);
    const why = result.status ? `HTTP ${result.status}` : result.error ?? 'no answer';
    if (result.status === 410) {
      // 410 Gone is the receiver saying "stop": never retried, the webhook is disabled.
      w.enabled = false;
      this.pending = this.pending.filter((q) => q.webhookId !== w.id);
      return this.opts.log(`${what}: 410, webhook disabled`);
    }
    const delay = SERVICE_RETRY_DELAYS_MS[p.attempts];
    if (delay === undefined) return this.opts.log(`${what}: ${why}, giving up`);
    const wait = delay * this.opts.retryScale;
    this.pending.push({ ...p, dueAt: time + wait });
    this.opts.log(`${what}: ${why}, retrying in ${formatWait(wait)}`);
  }

  /** The Authorization header the webhook's auth needs now; oauth2 tokens are cached until they expire. */
  private async authorization(w: Webhook): Promise<{ headers: Record<string, string> } | { error: string }> {
    const c = w.credentials;
    if (w.auth_type === 'basic') {
      return { headers: { authorization: `Basic ${Buffer.from(`${c.auth_username ?? ''}:${c.auth_password ?? ''}`).toString('base64')}` } };
    }
    if (w.auth_type !== 'oauth2') return { headers: {} };
    const key = `${c.oauth_token_url}\n${c.oauth_client_id}\n${c.oauth_client_secret}`;
    const cached = this.tokens.get(w.id);
    if (cached && cached.key === key && cached.expiresAt > this.opts.now()) return { headers: { authorization: `Bearer ${cached.token}` } };
    const tokenUrl = parseHttpUrl(c.oauth_token_url ?? '');
    if (!tokenUrl || loopbackAddress(tokenUrl) === undefined) {
      return { error: `token URL ${c.oauth_token_url} is not a loopback address: the emulator asks only loopback addresses for tokens` };
    }
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: c.oauth_client_id ?? '', client_secret: c.oauth_client_secret ?? '' });
    const answer = await postLoopback(tokenUrl, { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, form.toString(), DELIVERY_DEADLINE_MS);
    if (answer.status < 200 || answer.status >= 300) return { error: `token request answered ${answer.status || answer.error}` };
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      return { error: 'token answer is not JSON' };
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') return { error: 'token answer has no access_token' };
    const lifetime = typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 3600;
    this.tokens.set(w.id, { key, token: parsed.access_token, expiresAt: this.opts.now() + lifetime * 1000 });
    return { headers: { authorization: `Bearer ${parsed.access_token}` } };
  }
}

function formatWait(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)}min`;
  return `${Math.round(ms / MS_PER_HOUR)}h`;
}

// Account-wide email events of one team, stored as parallel typed arrays (a million events is
// ~20 MB and generates in well under a second). Events are kept oldest first, and appends are
// never older than the last event, so an index is a stable position: cursors can encode it and
// stay valid while new events arrive. JSON is rendered only for the events actually served.
import { Rng, hashString, mix32, permute, unpermute } from '../prng.js';
import { isoUtc } from '../time.js';
import { BOUNCE, CLICKS, DELIVERY, EMAIL_EVENT_TYPES, FAILED, IN_FLIGHT, OPENS, SCRIPT_CODES, SCRIPTS, cumulative } from './event-scripts.js';
import { BOUNCE_CLASSES, DOMAIN_BY_NAME, LINKS, USER_AGENTS } from './pools.js';
import { indexOf, type SentInfo } from './sent-info.js';

export type { SentInfo } from './sent-info.js';

export { EMAIL_EVENT_TYPES, type EmailEventType } from './event-scripts.js';

export interface EventLogConfig {
  seed: number;
  team: string;
  /** lower-case recipient addresses the emails go to */
  recipients: readonly string[];
  subjects: readonly string[];
  senders: readonly string[];
  /** display name of each sender, null where the email had none */
  senderNames: ReadonlyArray<string | null>;
  /** relative weight of each SCRIPTS entry (a scenario's mix, data/scenarios.ts); default SCRIPTS' own */
  weights?: readonly number[];
}

function grow<T extends Float64Array | Uint8Array | Uint32Array | Int32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

export class EventLog {
  length = 0;
  ts = new Float64Array(16);
  type = new Uint8Array(16);
  tx = new Uint32Array(16);
  /** index into BOUNCE_CLASSES plus one; 0 when not a bounce */
  bounce = new Uint8Array(16);
  /** previous event of the same transmission, -1 for its first: an email's events without a scan */
  prevOfTx = new Int32Array(16);

  txCount = 0;
  txRcpt = new Uint32Array(16);
  txSubject = new Uint32Array(16);
  txFrom = new Uint32Array(16);
  txLast = new Int32Array(16);

  /** recipients, subjects and senders: the configured ones first, then those of emails sent through the API */
  readonly recipients: string[];
  readonly subjects: string[];
  readonly senders: string[];
  readonly senderNames: Array<string | null>;
  readonly recipientIndex: Map<string, number>;
  /** what an email sent through the API carries beyond the columns (recipients, metadata...) */
  readonly txInfo = new Map<number, SentInfo>();
  /** the recipient of an event of a transmission with several, where it is not the first */
  private readonly rcptOverride = new Map<number, number>();
  private readonly rng: Rng;
  private readonly idKey: number;
  private readonly txKey: number;
  private readonly txPrefix: string;
  private readonly slotTx = new Int32Array(IN_FLIGHT).fill(-1);
  private readonly slotScript = new Uint8Array(IN_FLIGHT);
  private readonly slotStep = new Uint8Array(IN_FLIGHT);
  private readonly scriptCumulative: number[];
  private readonly scriptTotal: number;

  constructor(readonly cfg: EventLogConfig) {
    const h = mix32(cfg.seed ^ hashString(`events:${cfg.team}`));
    this.rng = new Rng(h);
    this.idKey = mix32(h + 1);
    this.txKey = mix32(h + 2);
    this.txPrefix = String(100_000 + (mix32(h + 3) % 900_000));
    this.recipients = [...cfg.recipients];
    this.subjects = [...cfg.subjects];
    this.senders = [...cfg.senders];
    this.senderNames = [...cfg.senderNames];
    this.recipientIndex = new Map(cfg.recipients.map((r, i) => [r, i]));
    this.scriptCumulative = cumulative(cfg.weights ?? SCRIPTS.map(([w]) => w));
    this.scriptTotal = this.scriptCumulative.at(-1) as number;
  }

  /** Spreads n events evenly, with jitter, over [startMs, endMs]; timestamps never decrease. */
  generate(n: number, startMs: number, endMs: number): void {
    this.reserve(this.length + n);
    const step = (endMs - startMs) / Math.max(1, n);
    for (let k = 0; k < n; k++) this.emit(Math.floor(startMs + (k + this.rng.float()) * step));
  }

  /** Appends n events at one instant (clamped so the log stays ordered). */
  append(n: number, atMs: number): void {
    this.reserve(this.length + n);
    const ts = Math.max(atMs, this.length > 0 ? (this.ts[this.length - 1] as number) : atMs);
    for (let k = 0; k < n; k++) this.emit(ts);
  }

  /** First index whose timestamp is >= ms. */
  lowerBound(ms: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.ts[mid] as number) < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose timestamp is > ms. */
  upperBound(ms: number): number {
    return this.lowerBound(ms + 1);
  }

  transmissionId(t: number): string {
    return this.txPrefix + String(permute(t, this.txKey)).padStart(10, '0');
  }

  /** The transmission index of an id, or -1 when it is not one of this team's. */
  transmissionIndex(id: string): number {
    if (id.length !== 16 || !id.startsWith(this.txPrefix) || !/^\d+$/.test(id)) return -1;
    const p = Number(id.slice(6));
    if (p > 0xffffffff) return -1;
    const t = unpermute(p, this.txKey);
    return t < this.txCount ? t : -1;
  }

  /** Event indices of one transmission, newest first. */
  eventsOfTransmission(t: number): number[] {
    const out: number[] = [];
    for (let i = this.txLast[t] as number; i >= 0; i = this.prevOfTx[i] as number) out.push(i);
    return out;
  }

  /** The email state of spec 2.3, derived from the email's events (newest first). */
  transmissionStateOf(events: readonly number[]): string {
    let state = 'scheduled';
    for (const i of events) {
      const c = this.type[i] as number;
      if (c === BOUNCE) return 'bounced';
      if (FAILED.has(c)) return 'failed';
      if (c === DELIVERY) state = 'delivered';
    }
    return state;
  }

  recipientOfTx(t: number): string {
    return this.recipients[this.txRcpt[t] as number] as string;
  }

  /** The recipient index of event i. */
  rcptOf(i: number): number {
    const own = this.rcptOverride.size === 0 ? undefined : this.rcptOverride.get(i);
    return own ?? (this.txRcpt[this.tx[i] as number] as number);
  }

  subjectOfTx(t: number): string {
    return this.subjects[this.txSubject[t] as number] as string;
  }

  senderOfTx(t: number): string {
    return this.senders[this.txFrom[t] as number] as string;
  }

  senderNameOfTx(t: number): string | null {
    return this.senderNames[this.txFrom[t] as number] ?? null;
  }

  /** The index of a recipient address (lower case), added when new. */
  recipientId(address: string): number {
    const a = address.toLowerCase();
    let i = this.recipientIndex.get(a);
    if (i === undefined) {
      i = this.recipients.push(a) - 1;
      this.recipientIndex.set(a, i);
    }
    return i;
  }

  /** A transmission of an email sent through the API, with no event yet; events come with push(). */
  openTransmission(info: SentInfo): number {
    const t = this.newTransmission();
    this.txRcpt[t] = this.recipientId(info.recipients[0] as string);
    this.txSubject[t] = indexOf(this.subjects, info.subject);
    let f = this.senders.findIndex((s, k) => s === info.from && this.senderNames[k] === info.fromName);
    if (f < 0) {
      f = this.senders.push(info.from) - 1;
      this.senderNames[f] = info.fromName;
    }
    this.txFrom[t] = f;
    this.txInfo.set(t, info);
    return t;
  }

  /** Appends one event of transmission t (clamped so the log stays ordered); returns its index. */
  push(t: number, code: number, ts: number, bounce: number, rcpt: number): number {
    this.reserve(this.length + 1);
    const i = this.length++;
    this.ts[i] = Math.max(ts, i > 0 ? (this.ts[i - 1] as number) : ts);
    this.type[i] = code;
    this.tx[i] = t;
    this.bounce[i] = bounce;
    this.prevOfTx[i] = this.txLast[t] as number;
    this.txLast[t] = i;
    if (rcpt !== this.txRcpt[t]) this.rcptOverride.set(i, rcpt);
    return i;
  }

  /** The JSON of spec 2.1 for event i, with the type-specific fields. */
  render(i: number): Record<string, unknown> {
    const t = this.tx[i] as number;
    const c = this.type[i] as number;
    const rcpt = this.recipients[this.rcptOf(i)] as string;
    const domainName = rcpt.slice(rcpt.indexOf('@') + 1);
    const domain = DOMAIN_BY_NAME.get(domainName);
    const h = mix32(i ^ this.idKey);
    const o: Record<string, unknown> = {
      event_id: String(permute(i, this.idKey)).padStart(10, '0') + this.txPrefix.slice(0, 3),
      type: EMAIL_EVENT_TYPES[c],
      timestamp: isoUtc(this.ts[i] as number),
      request_id: this.transmissionId(t),
      rcpt_to: rcpt,
      // Some senders give addresses in mixed case; the service keeps the original beside it.
      raw_rcpt_to: mix32(t) % 8 === 0 ? rcpt.charAt(0).toUpperCase() + rcpt.slice(1) : rcpt,
      recipient_domain: domainName,
      mailbox_provider: domain?.provider ?? 'Other',
      mailbox_provider_region: domain?.region ?? 'Global',
      subject: this.subjectOfTx(t),
      friendly_from: this.senderOfTx(t),
    };
    if (c === DELIVERY) o.queue_time = 200 + (h % 45_000);
    const b = this.bounce[i] as number;
    if (b > 0) {
      const bc = BOUNCE_CLASSES[b - 1] as (typeof BOUNCE_CLASSES)[number];
      o.bounce_class = bc.code;
      o.error_code = bc.error_code;
      o.reason = bc.reason;
    }
    if (CLICKS.has(c)) o.target_link_url = LINKS[h % LINKS.length];
    if (CLICKS.has(c) || OPENS.has(c)) o.user_agent = USER_AGENTS[h % USER_AGENTS.length];
    return o;
  }

  private emit(ts: number): void {
    const rng = this.rng;
    const s = rng.int(IN_FLIGHT);
    if ((this.slotTx[s] as number) < 0) this.startTransmission(s);
    const t = this.slotTx[s] as number;
    const script = SCRIPT_CODES[this.slotScript[s] as number] as Uint8Array;
    const c = script[this.slotStep[s] as number] as number;
    this.slotStep[s] = (this.slotStep[s] as number) + 1;
    if ((this.slotStep[s] as number) >= script.length) this.slotTx[s] = -1;

    const i = this.length++;
    this.ts[i] = ts;
    this.type[i] = c;
    this.tx[i] = t;
    this.bounce[i] = c === BOUNCE ? 1 + rng.int(BOUNCE_CLASSES.length) : 0;
    this.prevOfTx[i] = this.txLast[t] as number;
    this.txLast[t] = i;
  }

  private newTransmission(): number {
    const t = this.txCount++;
    if (t >= this.txRcpt.length) {
      const size = this.txRcpt.length * 2;
      this.txRcpt = grow(this.txRcpt, size);
      this.txSubject = grow(this.txSubject, size);
      this.txFrom = grow(this.txFrom, size);
      this.txLast = grow(this.txLast, size);
    }
    this.txLast[t] = -1;
    return t;
  }

  private startTransmission(slot: number): void {
    const rng = this.rng;
    const t = this.newTransmission();
    // Generated mail goes to the configured people only, never to addresses a test sent to.
    this.txRcpt[t] = rng.int(this.cfg.recipients.length);
    this.txSubject[t] = rng.int(this.cfg.subjects.length);
    this.txFrom[t] = rng.int(this.cfg.senders.length);
    const r = rng.int(this.scriptTotal);
    this.slotScript[slot] = this.scriptCumulative.findIndex((c) => r < c);
    this.slotStep[slot] = 0;
    this.slotTx[slot] = t;
  }

  private reserve(size: number): void {
    if (size <= this.ts.length) return;
    const cap = Math.max(size, this.ts.length * 2);
    this.ts = grow(this.ts, cap);
    this.type = grow(this.type, cap);
    this.tx = grow(this.tx, cap);
    this.bounce = grow(this.bounce, cap);
    this.prevOfTx = grow(this.prevOfTx, cap);
  }
}

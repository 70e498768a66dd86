// The emulator's public types and the shape of its live store. Other code (CLI tests, the
// benchmarks, the `mailctl emulator` command) codes against these names: keep them stable.
import type { EventLog } from './data/event-log.js';
import type { DeliveryAttempt } from './delivery-attempt.js';
import type { SendingState } from './sending-types.js';

export interface EmulatorOptions {
  host?: string; // default '127.0.0.1'
  port?: number; // default 0 (free port)
  seed?: number; // default 1; all data deterministic from it
  events?: number; // number of email events for the main team (default 2000)
  contacts?: number; // number of contacts (default 200)
  lists?: number; // number of lists (default 6); bulk tests need more than 50
  rateLimit?: number; // requests per second per team (token bucket, capacity = rate); undefined/0 = off
  /** a sandbox key's budget per minute and per day (default 10 and 100, as the service); false = unlimited */
  sandboxBudget?: { minute: number; day: number } | false;
  /** bounds of emu.requests (default 50,000 requests and 64 MB of bodies); the oldest go first */
  requestLog?: { maxRequests?: number; maxBodyBytes?: number };
  latency?: number; // ms added before each answer
  faultRate?: number; // 0..1 share of requests failing with 500/502/503 or a dropped connection
  now?: () => number; // clock override for tests (ms); default Date.now
  /** keep producing new events (and delivering them) every intervalMs (default 1000) */
  live?: boolean | { intervalMs: number };
  /** multiplies the webhook retry schedule (default 1: the service's 35 hours) */
  webhookRetryScale?: number;
  /** one line per request (method, path, status, key kind): `mailctl emulator --log` */
  logRequest?: (line: string) => void;
  /** one line per webhook delivery attempt and per webhook it will not deliver to */
  logDelivery?: (line: string) => void;
  scenario?: 'mixed' | 'healthy' | 'critical-complaint'; // the main team's event mix (data/scenarios.ts); default mixed
  tls?: boolean; // serve HTTPS with a certificate signed by a CA made at start (caPath)
  /** a created domain's DNS records pass verification at once, not only after DOMAIN_PROPAGATION_MS */
  domainsVerified?: boolean;
  /**
   * five 401s in five minutes from one client address block it for fifteen minutes (429 with
   * Retry-After), as the service does; off by default: every local client shares loopback
   */
  authLockout?: boolean;
  /** API keys from the OS's random source instead of the seed (an emulator reachable from the network) */
  randomKeys?: boolean;
}

export interface RecordedRequest {
  seq: number;
  time: number; // ms, arrival (from the emulator's clock)
  method: string;
  path: string; // as sent (percent-encoding and any trailing slash kept), no query string
  query: Record<string, string>; // repeated names are joined with ','
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown; // parsed JSON, or the raw string when not JSON, or undefined when empty
  status: number; // status answered; 0 when the connection was dropped
  key?: string; // the bearer token sent, valid or not
}

export interface FaultScript {
  method?: string;
  path?: string | RegExp; // exact path (no query string, no trailing slash), or a pattern tested against it
  status?: number; // default 503
  drop?: boolean; // destroy the socket instead of answering (the request is not processed)
  dropMidBody?: boolean; // process the request, send its status, headers and half the body, then destroy
  times?: number; // default 1
  skip?: number; // let this many matching requests through first
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number; // answer late; with no status/body/drop the request is then served normally
}

export type CampaignState = 'draft' | 'scheduled' | 'preparing' | 'in_review' | 'sending' | 'sent' | 'failed';

export interface Fixtures {
  campaigns: Record<CampaignState, string>;
  unsendableDraft: string;
  vanishingCampaign: string;
  campaignWithEvents: string;
  /** drafts for `campaign check`: one ready, one failing each check (see data/preflight.ts) */
  preflight: { ready: string; failing: Record<string, string> };
  contacts: string[];
  lists: string[];
  topics: string[];
  properties: string[];
  segments: string[];
  webhooks: string[];
  requestIds: string[];
  otherTeam: { campaigns: string[]; contacts: string[]; webhooks: string[]; topics: string[] };
  // the sending side (service-api-rest.md): template slugs, domain names, project ids
  templates: string[];
  domains: string[];
  projects: number[];
}

export interface Emulator {
  baseUrl: string;
  /** With tls: the PEM file of the CA that signed the emulator's certificate (for NODE_EXTRA_CA_CERTS). */
  caPath?: string;
  keys: { full: string; read_only: string; sandbox: string; other_team: string; free_tier: string };
  requests: RecordedRequest[];
  clearRequests(): void;
  scriptFault(f: FaultScript): void;
  /** Forgets scripted faults not used up yet, so one test's leftovers cannot hit the next. */
  clearFaults(): void;
  fixtures: Fixtures;
  store: EmulatorStore;
  /** Appends n events now; they are delivered to the webhooks that want them. */
  addEvents(n: number): void;
  /** Every webhook delivery attempt so far. */
  deliveries: DeliveryAttempt[];
  /** Makes the delivery attempts that are due by the emulator's clock and waits for their answers. */
  deliverDue(): Promise<void>;
  /** Moves the emulator to its clock's time: due campaigns, scheduled emails and pending events (each request does it too). */
  advance(): void;
  close(): Promise<void>;
}

// ---- the live store -------------------------------------------------------------------------
// Times are epoch milliseconds (null where the spec allows null); routes render them as ISO.

export type TeamName = 'main' | 'other' | 'free';

export const CAMPAIGN_EVENT_TYPES = [
  'injection',
  'delivery',
  'bounce',
  'spam_complaint',
  'open',
  'click',
  'list_unsubscribe',
] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number];

export interface CampaignEvent {
  id: string;
  type: CampaignEventType;
  email: string;
  ts: number;
  bounce_class?: string; // a string here, unlike account-wide events (service-notes)
  reason?: string;
  target_link_url?: string;
  user_agent?: string;
}

export interface CampaignStats {
  injections: number;
  deliveries: number;
  bounces: number;
  spam_complaints: number;
  opens: number;
  unique_opens: number;
  clicks: number;
  unique_clicks: number;
  unsubscribes: number;
}

export interface Campaign {
  id: string;
  name: string;
  status: CampaignState;
  created_at: number;
  subject: string | null;
  from_email: string | null;
  from_name: string | null;
  reply_to: string | null;
  html_content: string | null;
  scheduled_at: number | null;
  sent_at: number | null;
  /** addresses the campaign goes to; total_recipients is their count */
  recipients: string[];
  sent_count: number;
  stats: CampaignStats;
  /** oldest first; listings walk it backwards (newest first) */
  events: CampaignEvent[];
  /** deleted right after a successful schedule/unschedule: the spec 4.6/4.7 race */
  vanishOnWrite: boolean;
  /** set while the emulator itself sends the campaign (after its scheduled_at passed) */
  dispatch: { startedAt: number; emitted: number } | null;
}

export interface Topic {
  id: string;
  name: string;
  description: string | null;
  default_subscription: string;
  visibility: 'private' | 'public';
  created_at: number | null;
}

export interface MailingList {
  id: string;
  name: string;
  created_at: number;
}

export interface Contact {
  id: string;
  email: string;
  status: string;
  properties: Record<string, string>;
  created_at: number | null;
  listIds: Set<string>;
  topicIds: Set<string>;
}

export interface Property {
  id: string;
  name: string;
  type: string;
  fallback_value: string | null;
  /** never null: base 2.8 types it as a string (only a topic's may be null, spec 2.15) */
  created_at: number;
}

export interface Segment {
  id: string;
  name: string;
  list_id: string | null;
  /** `value` is null for the operators that take none (is_true, is_false) */
  condition_groups: Array<{ conditions: Array<{ field: string; operator: string; value: string | null }> }>;
  cached_contacts_count: number | null;
  /** never null: base 2.9 types it as a string (only a topic's may be null, spec 2.15) */
  created_at: number;
}

export interface Webhook {
  id: string;
  name: string;
  url: string;
  enabled: boolean;
  event_types: string[] | null; // null = all events
  auth_type: 'none' | 'basic' | 'oauth2';
  /** stored, never rendered */
  credentials: {
    auth_username?: string;
    auth_password?: string;
    oauth_token_url?: string;
    oauth_client_id?: string;
    oauth_client_secret?: string;
  };
  last_successful_at: number | null;
  last_failure_at: number | null;
  last_status: 'success' | 'failure' | null; // null: never delivered to (2.15)
}

/** One team's data. Maps keep insertion order, which is the order listings use. */
export interface TeamData {
  name: TeamName;
  events: EventLog;
  campaigns: Map<string, Campaign>;
  topics: Map<string, Topic>;
  contacts: Map<string, Contact>;
  lists: Map<string, MailingList>;
  properties: Map<string, Property>;
  segments: Map<string, Segment>;
  webhooks: Map<string, Webhook>;
  /** sending, domains, templates, projects (sending-types.ts) */
  sending: SendingState;
}

export interface EmulatorStore {
  teams: Record<TeamName, TeamData>;
}

// The live store of the sending side of a team (service-api-rest.md: sending, scheduled email,
// domains, templates, projects), kept apart from types.ts so the audience side and this one
// grow without touching each other's declarations. Times are epoch milliseconds.

export type DomainStatus = 'pending' | 'approved' | 'blocked';

/** The result of the latest DNS check (4.12); null on a domain never verified. */
export interface DomainChecks {
  dkim_status: 'valid' | 'unverified' | 'invalid';
  cname_status: 'valid' | 'unverified' | 'invalid' | 'not_applicable';
  dmarc_status: 'valid' | 'invalid' | 'missing' | 'unverified';
  spf_status: 'valid' | 'invalid' | 'missing' | 'unverified';
}

export interface SendingDomain {
  domain: string;
  status: DomainStatus;
  created_at: number;
  updated_at: number;
  dkim: { selector: string; public: string; headers: string };
  tracking_domain: string | null;
  dns_provider: { provider: string; provider_label: string; nameservers: string[]; error: string | null } | null;
  checks: DomainChecks | null;
}

export interface Project {
  id: number;
  name: string;
  emoji: string | null;
  created_at: number;
  updated_at: number;
  /** folder ids; a project without folders cannot receive templates (4.17: 404) */
  folders: number[];
}

export interface MergeTag {
  key: string;
  required: boolean;
  type?: 'text' | 'number' | 'image' | 'button';
  children?: Array<{ key: string; type: 'text' | 'number' | 'image' | 'button' }>;
}

export interface TemplateVersion {
  version: number;
  html: string | null;
  json: string | null;
  merge_tags: MergeTag[];
}

export interface Template {
  id: number;
  name: string;
  slug: string;
  project_id: number;
  folder_id: number;
  /** the template's own subject (4.3 falls back to it, then to the name); not settable through the API */
  subject: string | null;
  versions: TemplateVersion[];
  active_version: number | null;
  created_at: number;
  updated_at: number;
}

/** A POST /emails/scheduled that has not been cancelled (cancelled ones are forgotten: 404). */
export interface ScheduledEmail {
  id: string;
  /** its transmission in the team's event log */
  tx: number;
  scheduled_at: number;
}

/** An email event waiting for its time; appended to the event log once the clock reaches it. */
export interface PendingEvent {
  ts: number;
  tx: number;
  /** index in EMAIL_EVENT_TYPES */
  code: number;
  /** index in BOUNCE_CLASSES plus one; 0 when not a bounce */
  bounce: number;
  /** recipient index in the log */
  rcpt: number;
}

/** The free tier's sending quota (spec 6.3): counted per recipient, reset daily and monthly (UTC). */
export interface FreeQuota {
  dailyLimit: number;
  monthlyLimit: number;
  day: number;
  dayUsed: number;
  month: number;
  monthUsed: number;
}

export interface SendingState {
  /** the integer team id the service uses in projects (2.10) */
  teamId: number;
  domains: Map<string, SendingDomain>;
  projects: Map<number, Project>;
  templates: Map<number, Template>;
  scheduled: Map<string, ScheduledEmail>;
  /** events due later, oldest first */
  outbox: PendingEvent[];
  /** the transmission of each campaign the emulator sends */
  campaignTx: Map<string, number>;
  /** set on a free-tier team only: its sends carry X-Daily-* / X-Monthly-* and stop at the caps */
  quota: FreeQuota | null;
  /** the next id of a template or project created through the API */
  nextId: number;
  /** DNS records pass verification at once (emulator option domainsVerified) */
  instantDns: boolean;
}

import { MS_PER_DAY, MS_PER_MINUTE } from '../time-units.js';

// The value sets the spec fixes, in one module with no imports: verbs validate
// against them, api modules type with them, and help and shell completion list
// them without loading zod. (The emulator keeps its own copies: it is the
// other side of the API, and tests compare the two.)

/** Email event types, spec 6.1: `events list --events`. */
export const EMAIL_EVENT_TYPES = [
  'injection', 'delivery', 'bounce', 'delay', 'out_of_band', 'spam_complaint', 'policy_rejection',
  'click', 'open', 'initial_open', 'amp_click', 'amp_open', 'amp_initial_open',
  'generation_failure', 'generation_rejection', 'list_unsubscribe', 'link_unsubscribe',
] as const;

/** Campaign states, spec 3.1: `campaign list --status`. */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'preparing', 'in_review', 'sending', 'sent', 'failed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Campaign event types, spec 6.2: `campaign events --type`. */
export const CAMPAIGN_EVENT_TYPES = ['injection', 'delivery', 'bounce', 'spam_complaint', 'open', 'click', 'list_unsubscribe'] as const;

/** Topic visibility, spec 2.6 / 4.8: `topic update --visibility`. */
export const TOPIC_VISIBILITIES = ['public', 'private'] as const;

// The field names and limits of the resources (spec sections 2 and 8): --fields, page sizes
// and input bounds, readable without loading the resource modules (and zod).

/** Largest page sizes the API allows (spec 8): used by --all / --limit. */
export const MAX_CAMPAIGNS_PER_PAGE = 100;

/** Largest page number GET /campaigns accepts (spec 4.3); the REST spec's page lists state no bound. */
export const MAX_CAMPAIGN_PAGE = 10_000;

export const MAX_CAMPAIGN_EVENTS_PER_PAGE = 100;

/** Every field of a campaign (spec 2.5): the names --fields accepts besides the column keys. */
export const CAMPAIGN_FIELDS = [
  'id', 'name', 'status', 'sent_count', 'created_at', 'stats', 'subject', 'from_email', 'from_name', 'reply_to',
  'scheduled_at', 'total_recipients', 'sent_at',
] as const;

export const CAMPAIGN_EVENT_FIELDS = [
  'event_id', 'event_type', 'email', 'timestamp', 'bounce_class', 'reason', 'target_link_url', 'user_agent',
] as const;

/** The API field names of a webhook, for --fields. */
export const WEBHOOK_FIELDS = [
  'id',
  'name',
  'url',
  'enabled',
  'event_types',
  'auth_type',
  'has_auth_credentials',
  'last_successful_at',
  'last_failure_at',
  'last_status',
] as const;

export const TOPIC_NAME_MAX = 255;

export const TOPIC_DESCRIPTION_MAX = 1000;

export const PROPERTY_FALLBACK_MAX = 255;

export const BULK_MAX_CONTACTS = 1000;

export const BULK_MAX_LISTS = 50;

/** Every field of an email event (spec 2.1): the names --fields accepts besides column keys. */
export const EMAIL_EVENT_FIELDS = [
  'event_id', 'type', 'timestamp', 'request_id', 'rcpt_to', 'raw_rcpt_to', 'recipient_domain', 'mailbox_provider',
  'mailbox_provider_region', 'subject', 'friendly_from', 'queue_time', 'bounce_class', 'error_code', 'reason',
] as const;

/** Largest page the API allows (spec 8): what --all and --limit ask for. */
export const MAX_EVENTS_PER_PAGE = 100;

/** Fields of an email detail (spec 2.3): what --fields of `email show` accepts. */
export const EMAIL_DETAIL_FIELDS = [
  'transmission_id', 'state', 'scheduled_at', 'from', 'from_name', 'subject', 'recipients', 'num_recipients', 'events',
] as const;
/** Default search window of 4.1 and 4.2 (spec 8). */
export const DEFAULT_WINDOW_DAYS = 10;
/** How long the service keeps delivery and engagement events (service-notes.md, "Retention and windows"). */
export const EVENT_RETENTION_DAYS = 90;

// ---- audience administration (service-api-rest 2.11–2.15, 4.25–4.51) ----

/** Largest page of every audience list operation (1.3); the API's default is 20. */
export const MAX_AUDIENCE_PER_PAGE = 100;

export const AUDIENCE_DEFAULT_PER_PAGE = 20;

/** Contact states (2.15): `contact list --status`. */
export const CONTACT_STATUSES = ['subscribed', 'unsubscribed', 'bounced', 'complained', 'unverified'] as const;

/** The states PATCH /audience/contacts/{id} may set (4.34). */
export const CONTACT_SETTABLE_STATUSES = ['subscribed', 'unsubscribed'] as const;

/** Topic default subscription (4.41), fixed at creation. */
export const TOPIC_DEFAULT_SUBSCRIPTIONS = ['opt_in', 'opt_out'] as const;

/** Property types (4.45). */
export const PROPERTY_TYPES = ['string', 'number', 'boolean', 'date', 'json'] as const;

/** Segment condition operators (2.14). */
export const SEGMENT_OPERATORS = [
  'contains', 'not_contains', 'equals', 'not_equals', 'starts_with', 'not_starts_with', 'ends_with', 'not_ends_with',
  'is_true', 'is_false', 'greater_than', 'greater_than_or_equal', 'less_than', 'less_than_or_equal', 'before', 'after',
] as const;

/** Operators that take no value (2.14). */
export const VALUELESS_OPERATORS = ['is_true', 'is_false'] as const;

export const LIST_FIELDS = ['id', 'name', 'contacts_count'] as const;


/** Names, emails and search terms: 255 characters (4.26, 4.31–4.34, 4.45, 4.49). */
export const NAME_MAX = 255;

/** A property value on a contact (4.32–4.34) and a condition value (2.14). */
export const VALUE_MAX = 1000;

/** `lists delete` with several ids: DELETE /audience/lists/bulk takes 1 to 50 (4.30). */
export const BULK_DELETE_MAX_LISTS = 50;

/** POST /audience/contacts/bulk takes 1 to 1000 addresses (4.33). */
export const IMPORT_BATCH = 1000;
/** The field names of a sending domain (service-api-rest.md 2.5, every view): --fields. */
export const DOMAIN_FIELDS = [
  'domain', 'status', 'status_label', 'can_send', 'cname_status', 'dkim_status', 'dmarc_status', 'spf_status',
  'is_primary_domain', 'tracking_domain', 'dns', 'dns_provider', 'dkim', 'created_at', 'updated_at',
] as const;

/** A domain name as POST /domains accepts it (4.9): labels of letters, digits and inner hyphens, a top-level label of 2+ letters. */
export const DOMAIN_NAME_RE = /^(?=.{1,255}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * A contact's address in the `email` format of spec 4.32 to 4.34 and 2.13, as JSON Schema validators
 * commonly read that format: dot-separated atoms before the @ (no two dots in a row), labels of letters,
 * digits and inner hyphens after it, all ASCII. RFC 5321 also allows a quoted local part and an address
 * literal (`"a b"@example.com`, `a@[192.0.2.1]`); they are refused here and by the emulator, as such
 * validators refuse them: an answer carrying one would fail the format.
 */
export const CONTACT_ADDRESS_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Statuses of a DNS check (2.6) that count as passing: a record that is there, or one the domain does not use. */
export const DNS_PASSING = ['valid', 'not_applicable'] as const;

/** The field names of a template (2.8, every view): --fields. */
export const TEMPLATE_FIELDS = [
  'id', 'name', 'slug', 'project_id', 'folder_id', 'active_version', 'versions_count', 'html', 'json', 'merge_tags', 'created_at', 'updated_at',
] as const;

/** Largest page of GET /templates (4.16). */
export const MAX_TEMPLATES_PER_PAGE = 100;

export const TEMPLATE_NAME_MAX = 255;
// ---- Sending (service-api-rest.md 4.3 to 4.7 and section 7) ----------------------------------

/** Recipients of one send, to + cc + bcc together (section 7, docs: authoritative for the total). */
export const SEND_MAX_RECIPIENTS = 50;
export const SEND_ADDRESS_MAX = 255;
export const SEND_SUBJECT_MAX = 998;
export const SEND_NAME_MAX = 255;
export const SEND_TAG_MAX = 64;
export const SEND_MAX_HEADERS = 10;
export const SEND_HEADER_VALUE_MAX = 998;
/** Section 7 item 5: the union of both sources' lists, lower case. */
export const SEND_FORBIDDEN_HEADERS = [
  'from', 'to', 'cc', 'bcc', 'reply-to', 'subject', 'date', 'message-id', 'mime-version', 'content-type',
  'content-transfer-encoding', 'dkim-signature', 'return-path', 'received', 'list-unsubscribe',
  'list-unsubscribe-post', 'x-msys-api',
] as const;
export const SEND_METADATA_MAX_KEYS = 50;
export const SEND_METADATA_KEY_MAX = 40;
export const SEND_METADATA_VALUE_MAX = 500;
export const SEND_METADATA_MAX_BYTES = 8 * 1024;
/** Attachments in all, after base64 encoding (docs). */
export const SEND_ATTACHMENTS_MAX_BYTES = 5 * 1024 * 1024;
export const SEND_ATTACHMENT_NAME_MAX = 255;
/** The scheduling window of POST /emails/scheduled. */
export const SCHEDULE_MIN_AHEAD_MS = 5 * MS_PER_MINUTE;
export const SCHEDULE_MAX_AHEAD_MS = 3 * MS_PER_DAY;

export const SEND_RESULT_FIELDS = ['request_id', 'accepted', 'rejected', 'scheduled_at'] as const;

/** Items of GET /emails (2.2). */
export const SENT_EMAIL_FIELDS = [
  'event_id', 'type', 'timestamp', 'request_id', 'message_id', 'subject', 'friendly_from', 'sending_domain', 'rcpt_to',
  'raw_rcpt_to', 'recipient_domain', 'mailbox_provider', 'mailbox_provider_region', 'sending_ip', 'click_tracking',
  'open_tracking', 'transactional', 'msg_size', 'injection_time', 'rcpt_meta',
] as const;
export const MAX_SENT_EMAILS_PER_PAGE = 100;

/** Project (2.10). */
export const PROJECT_FIELDS = ['id', 'name', 'emoji', 'team_id', 'created_at', 'updated_at'] as const;
export const MAX_PROJECTS_PER_PAGE = 100;

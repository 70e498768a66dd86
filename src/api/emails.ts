import { ApiError, CliError, ExitCode, UsageError } from '../errors.js';
import { encodedBytes, MAX_REQUEST_LINE_BYTES } from './url.js';
import type { ApiClient } from './client.js';
import { parseResponse } from './response.js';
import { OPERATIONS } from './operations.js';
import { DEFAULT_WINDOW_DAYS, EMAIL_EVENT_FIELDS, MAX_EVENTS_PER_PAGE, EMAIL_DETAIL_FIELDS } from './vocabulary.js';
import type { EmailDetail } from './emails-schemas.js';

// Spec 4.1 (GET /emails/events) and 4.2 (GET /emails/{requestId}).
//
// An events export can be hundreds of thousands of rows, so a page is checked
// by hand at the envelope only (data array, cursor, total): each event goes to
// the output exactly as the API sent it, without a per-row schema pass. The
// email detail is one small object and gets a zod schema like other resources.

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./emails-schemas.js');

export type { EmailDetail };

export { EMAIL_EVENT_TYPES } from './vocabulary.js';

/** An email event as the API sends it; fields beyond spec 2.1 pass through untouched. */
export interface EmailEvent {
  event_id?: string;
  type?: string;
  timestamp?: string;
  request_id?: string;
  rcpt_to?: string;
  raw_rcpt_to?: string;
  recipient_domain?: string;
  mailbox_provider?: string;
  mailbox_provider_region?: string;
  subject?: string;
  friendly_from?: string;
  queue_time?: number;
  bounce_class?: number | string;
  error_code?: string;
  reason?: string;
  [field: string]: unknown;
}

/** Query of spec 4.1 under its own names; arrays are sent comma-joined by the client. */
export interface EventsQuery {
  events?: readonly string[];
  recipients?: readonly string[];
  from?: string;
  to?: string;
  per_page?: number;
  cursor?: string;
  transmissions?: string;
  bounce_classes?: readonly number[];
}

/** One page of GET /emails/events, in the paging engine's shape (api/paginate.ts). */
export interface EventsPage {
  items: EmailEvent[];
  nextCursor: string | null;
  /** Events the query matches in the whole range; undefined when the server leaves it out. */
  totalCount?: number;
  /** The effective range (ISO 8601 with offset), when the server states it. */
  from?: string;
  to?: string;
  /** The server's clock when it answered (its Date header, ms), for --follow's watermark. */
  serverTime?: number;
}

function unexpected(what: string): CliError {
  return new CliError(`unexpected response from ${OPERATIONS.listEmailEvents.name}: ${what}`, ExitCode.Failure, {
    hint: 'the server answered in a shape mailctl does not know: check --base-url, or report it with the output of --verbose',
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the page wrapper of spec 2.2; the events themselves are only required to be objects. */
export function eventsPageFrom(body: unknown): EventsPage {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data)) throw unexpected('data missing');
  const wrapper = data.events;
  if (!isObject(wrapper)) throw unexpected('data.events missing');
  const events = wrapper.data;
  if (!Array.isArray(events)) throw unexpected('data.events.data is not an array');
  for (let i = 0; i < events.length; i++) {
    if (!isObject(events[i])) throw unexpected(`data.events.data.${i} is not an object`);
  }
  const pagination = wrapper.pagination;
  if (!isObject(pagination)) throw unexpected('data.events.pagination missing');
  const next = pagination.next_cursor;
  if (next !== null && next !== undefined && typeof next !== 'string') throw unexpected('data.events.pagination.next_cursor is not a string or null');
  const total = wrapper.total_count;
  return {
    items: events as EmailEvent[],
    // An empty string cannot be sent back as a cursor: treat it as the end, like null.
    nextCursor: typeof next === 'string' && next !== '' ? next : null,
    totalCount: typeof total === 'number' && Number.isFinite(total) ? total : undefined,
    from: typeof wrapper.from === 'string' ? wrapper.from : undefined,
    to: typeof wrapper.to === 'string' ? wrapper.to : undefined,
  };
}

/** GET /emails/events: one page. */
export async function listEmailEvents(api: ApiClient, query: EventsQuery): Promise<EventsPage> {
  const op = OPERATIONS.listEmailEvents;
  const res = await api.request({ method: op.method, path: op.path(), query: { ...query } });
  const date = Date.parse(String(res.headers.date ?? ''));
  return { ...eventsPageFrom(res.body), ...(Number.isNaN(date) ? {} : { serverTime: date }) };
}

/** Room kept in the request line for the cursor of the pages after the first. */
const CURSOR_RESERVE_BYTES = 256;

/**
 * A recipients filter too long for one request line (3,000 addresses make 66 KB; servers answer
 * 431) is refused naming the flag before anything is sent, with how many such addresses fit.
 */
export function checkRecipientsFit(api: Pick<ApiClient, 'urlFor'>, query: EventsQuery, flag = '--recipient'): void {
  const recipients = query.recipients;
  if (!recipients?.length) return;
  const op = OPERATIONS.listEmailEvents;
  const lineOf = (q: EventsQuery) => Buffer.byteLength(`${op.method} ${api.urlFor({ path: op.path(), query: { ...q, per_page: MAX_EVENTS_PER_PAGE } })} HTTP/1.1`);
  const line = lineOf(query);
  if (line + CURSOR_RESERVE_BYTES <= MAX_REQUEST_LINE_BYTES) return;
  let used = lineOf({ ...query, recipients: undefined }) + CURSOR_RESERVE_BYTES + '&recipients='.length;
  let fit = 0;
  for (const address of recipients) {
    used += encodedBytes(address) + (fit === 0 ? 0 : 3);
    if (used > MAX_REQUEST_LINE_BYTES) break;
    fit++;
  }
  const n = (x: number) => x.toLocaleString('en-US');
  throw new UsageError(
    `${flag}: ${n(recipients.length)} addresses make a request line of ${n(line)} bytes, more than the ${n(MAX_REQUEST_LINE_BYTES)} a server is sure to accept (nothing was sent)`,
    { hint: `give at most ${n(fit)} such addresses a run, or copy the events with \`mailctl events sync\` and filter any number with \`mailctl events list --db ${flag} ...\`` },
  );
}

/** GET /emails/{requestId}; a 404 says what a request id is, and (without --from) how to reach further back. */
export async function getEmail(api: ApiClient, requestId: string, range: { from?: string; to?: string }): Promise<EmailDetail> {
  const op = OPERATIONS.showEmail;
  let res;
  try {
    res = await api.request({ method: op.method, path: op.path(requestId), query: { from: range.from, to: range.to }, prepare: schemas });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new ApiError(
        { status: error.status, code: error.code, message: error.message, fieldErrors: error.fieldErrors },
        {
          hint: `a request id is the request_id of an email's events (\`mailctl events list\`)${range.from ? '' : `; for an email older than ${DEFAULT_WINDOW_DAYS} days, add --from`}`,
          cause: error,
        },
      );
    }
    throw error;
  }
  return parseResponse((await schemas()).detailResponse, res.body, op.name).data;
}

export { DEFAULT_WINDOW_DAYS, EMAIL_EVENT_FIELDS, MAX_EVENTS_PER_PAGE, EMAIL_DETAIL_FIELDS };

import { ApiError } from '../errors.js';
import type { ApiClient, RequestSpec } from './client.js';
import { parseResponse } from './response.js';
import { OPERATIONS, requestRetry } from './operations.js';
import { MAX_CAMPAIGN_EVENTS_PER_PAGE } from './vocabulary.js';
import type { Campaign, CampaignStats, CampaignEvent } from './campaigns-schemas.js';

// Spec 4.3–4.7. Which campaign fields every state carries is "not shown", so
// only id and status are required; everything else may be absent or null and
// unknown fields pass through (json output prints the API's object as is).

/** Loaded while a request waits for its answer (RequestSpec.prepare), not before it is sent. */
const schemas = () => import('./campaigns-schemas.js');

export type { Campaign, CampaignStats, CampaignEvent };

// ---- GET /campaigns (4.3) ------------------------------------------------------------------

export interface ListCampaignsQuery {
  page?: number;
  perPage?: number;
  /** one of the states of spec 3.1 */
  status?: string;
}

export interface CampaignPage {
  campaigns: Campaign[];
  page: number;
  lastPage: number;
  total?: number;
  perPage?: number;
}

function listCampaignsRequest(q: ListCampaignsQuery): RequestSpec {
  const op = OPERATIONS.listCampaigns;
  return { method: op.method, path: op.path(), query: { page: q.page, per_page: q.perPage, status: q.status } };
}

export async function listCampaigns(api: ApiClient, q: ListCampaignsQuery): Promise<CampaignPage> {
  const res = await api.request({ ...listCampaignsRequest(q), prepare: schemas });
  const { data } = parseResponse((await schemas()).listSchema, res.body, OPERATIONS.listCampaigns.name);
  const p = data.pagination;
  return {
    campaigns: data.campaigns,
    page: p.current_page,
    lastPage: p.last_page,
    total: p.total ?? undefined,
    perPage: p.per_page ?? undefined,
  };
}

// ---- GET /campaigns/{id} (4.4) -------------------------------------------------------------

export async function getCampaign(api: ApiClient, id: string): Promise<Campaign> {
  const op = OPERATIONS.showCampaign;
  const res = await api.request({ method: op.method, path: op.path(id), prepare: schemas });
  return parseResponse((await schemas()).showSchema, res.body, op.name).data;
}

// ---- GET /campaigns/{id}/events (4.5) ------------------------------------------------------

export interface CampaignEventsQuery {
  eventType?: string;
  email?: string;
  /** sent as given: ISO date (a whole UTC day, spec 4.5) or date-time */
  startDate?: string;
  endDate?: string;
  limit?: number;
  cursor?: string;
}

export interface CampaignEventPage {
  events: CampaignEvent[];
  nextCursor: string | null;
}

function campaignEventsRequest(id: string, q: CampaignEventsQuery): RequestSpec {
  const op = OPERATIONS.listCampaignEvents;
  return {
    method: op.method,
    path: op.path(id),
    query: {
      event_type: q.eventType,
      email: q.email,
      start_date: q.startDate,
      end_date: q.endDate,
      limit: q.limit,
      cursor: q.cursor,
    },
  };
}

export async function listCampaignEvents(api: ApiClient, id: string, q: CampaignEventsQuery): Promise<CampaignEventPage> {
  const res = await api.request({ ...campaignEventsRequest(id, q), prepare: schemas });
  const { data } = parseResponse((await schemas()).eventsSchema, res.body, OPERATIONS.listCampaignEvents.name);
  // An empty cursor string would loop on the first page: treat it as the end.
  return { events: data.events, nextCursor: data.next_cursor === '' ? null : data.next_cursor };
}

// ---- POST /campaigns/{id}/schedule and /unschedule (4.6, 4.7) ------------------------------

export interface CampaignWriteResult {
  /** The API's human message ("Campaign scheduled successfully."). */
  message?: string;
  /** The updated campaign; undefined when the answer had no `data` (spec 4.6). */
  campaign?: Campaign;
}

export function scheduleRequest(id: string, scheduledAt: string): RequestSpec {
  const op = OPERATIONS.scheduleCampaign;
  return { method: op.method, path: op.path(id), body: { scheduled_at: scheduledAt } };
}

export function unscheduleRequest(id: string): RequestSpec {
  const op = OPERATIONS.unscheduleCampaign;
  return { method: op.method, path: op.path(id) };
}

async function write(api: ApiClient, spec: RequestSpec, operation: string): Promise<CampaignWriteResult> {
  const res = await api.request({ ...spec, prepare: schemas });
  const body = parseResponse((await schemas()).writeSchema, res.body, operation);
  return { message: body.message ?? undefined, campaign: body.data ?? undefined };
}

export function scheduleCampaign(api: ApiClient, id: string, scheduledAt: string): Promise<CampaignWriteResult> {
  return write(api, scheduleRequest(id, scheduledAt), OPERATIONS.scheduleCampaign.name);
}

export function unscheduleCampaign(api: ApiClient, id: string): Promise<CampaignWriteResult> {
  return write(api, unscheduleRequest(id), OPERATIONS.unscheduleCampaign.name);
}

// ---- POST /campaigns/{id}/send (service-api-rest.md 4.24) ----------------------------------

/** Never repeated once it may have been accepted: a campaign sent twice mails everyone twice. */
export function sendCampaignRequest(id: string): RequestSpec {
  const op = OPERATIONS.sendCampaign;
  return { method: op.method, path: op.path(id), ...requestRetry(op) };
}

export function sendCampaign(api: ApiClient, id: string): Promise<CampaignWriteResult> {
  return write(api, sendCampaignRequest(id), OPERATIONS.sendCampaign.name);
}

export { MAX_CAMPAIGN_EVENTS_PER_PAGE };

/** The API's refusal of a campaign that is not scheduled (service-notes: 422 campaign_not_scheduled). */
export function isNotScheduled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'campaign_not_scheduled';
}

/**
 * The time the campaign is scheduled for now, if it is (`campaign schedule` says what a
 * reschedule replaced). When the read fails (a key without campaigns:read) the answer is
 * undefined and the schedule goes ahead without it; Ctrl-C still stops the run.
 */
export async function scheduledTime(api: ApiClient, id: string, signal: AbortSignal): Promise<string | undefined> {
  try {
    const c = await getCampaign(api, id);
    return c.status === 'scheduled' && c.scheduled_at ? c.scheduled_at : undefined;
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined;
  }
}

// Spec 4.5: a campaign's events, newest first.
//
// On purpose, as the service does (spec 4.5 and 7): each page examines a fixed window of
// `limit` raw events below the cursor and returns those of them that pass the filters. Without
// filters every page but the last is full; with a sparse filter a page can be EMPTY while
// next_cursor is non-null, and clients must keep following the cursor until it is null.
// The cursor encodes the campaign and a position in its oldest-first event array; new events
// are appended above it, so a cursor stays valid while a campaign is sending.
import { ok, type ApiResponse } from '../api-error.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import type { Route, RouteContext } from '../router.js';
import { isoOffset } from '../time.js';
import { CAMPAIGN_EVENT_TYPES, type Campaign, type CampaignEvent } from '../types.js';
import { FieldErrors, dateTimeQuery, emailQuery, intQuery, oneOfQuery, requireUuidParam } from '../validate.js';
import { findCampaign } from './campaigns.js';

/** The position inside a cursor of this campaign, or null. */
function readCursor(raw: string, campaign: Campaign): number | null {
  const c = decodeCursor(raw);
  if (c === null || c.c !== campaign.id || !Number.isSafeInteger(c.p)) return null;
  const p = c.p as number;
  return p >= 0 && p <= campaign.events.length ? p : null;
}

function renderEvent(e: CampaignEvent): Record<string, unknown> {
  const o: Record<string, unknown> = {
    event_id: e.id,
    event_type: e.type,
    email: e.email,
    timestamp: isoOffset(e.ts),
  };
  if (e.bounce_class !== undefined) o.bounce_class = e.bounce_class;
  if (e.reason !== undefined) o.reason = e.reason;
  if (e.target_link_url !== undefined) o.target_link_url = e.target_link_url;
  if (e.user_agent !== undefined) o.user_agent = e.user_agent;
  return o;
}

function listCampaignEvents(ctx: RouteContext): ApiResponse {
  requireUuidParam('campaignId', ctx.params.campaignId as string);
  const errs = new FieldErrors();
  const type = oneOfQuery(errs, ctx.query, 'event_type', CAMPAIGN_EVENT_TYPES);
  const email = emailQuery(errs, ctx.query, 'email')?.toLowerCase();
  const start = dateTimeQuery(errs, ctx.query, 'start_date');
  const end = dateTimeQuery(errs, ctx.query, 'end_date');
  if (start && end && start.start > end.end) {
    errs.add('end_date', 'The end_date must be a date after or equal to start_date.');
  }
  const limit = intQuery(errs, ctx.query, 'limit', 1, 100, 25);
  errs.throwIfAny();
  const campaign = findCampaign(ctx);
  const events = campaign.events;
  let top = events.length;
  if (ctx.query.cursor) {
    const p = readCursor(ctx.query.cursor, campaign);
    if (p === null) errs.add('cursor', 'The cursor is invalid or expired.');
    errs.throwIfAny();
    top = p as number;
  }
  const bottom = Math.max(0, top - limit);
  const page: Record<string, unknown>[] = [];
  for (let i = top - 1; i >= bottom; i--) {
    const e = events[i] as CampaignEvent;
    if (type !== undefined && e.type !== type) continue;
    if (email !== undefined && e.email.toLowerCase() !== email) continue;
    if (start && e.ts < start.start) continue;
    if (end && e.ts > end.end) continue;
    page.push(renderEvent(e));
  }
  return ok('Campaign events retrieved successfully.', {
    events: page,
    next_cursor: bottom > 0 ? encodeCursor({ c: campaign.id, p: bottom }) : null,
  });
}

export const campaignEventRoutes: Route[] = [
  { method: 'GET', path: '/campaigns/:campaignId/events', scope: 'campaigns:read', handler: listCampaignEvents },
];

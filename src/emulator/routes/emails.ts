// Spec 4.1 (account-wide email events) and 4.2 (email detail), and GET /emails of
// service-api-rest.md 4.4 (sent emails: the injection events, in the 2.2 shape).
//
// Cursors are base64url JSON: the exclusive log position the next page starts below, plus the
// effective range and upper position of the first page. Positions only ever grow with appended
// (newer) events, so a cursor stays valid while events arrive, and freezing the range keeps a
// paging client's window and total_count fixed even when `from`/`to` were defaults based on now.
import { notFound, ok } from '../api-error.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { EMAIL_EVENT_TYPES, type EventLog } from '../data/event-log.js';
import { CountCache, compileFilter, pageOf, type EventFilterInput } from '../data/event-query.js';
import type { Route, RouteContext } from '../router.js';
import { emailDetail } from '../data/email-detail.js';
import { sentEmail } from '../data/sent-email.js';
import { isoOffset } from '../time.js';
import type { TeamName } from '../types.js';
import { FieldErrors, dateQuery, dateTimeQuery, emailQuery, intQuery, isEmail, listQuery } from '../validate.js';
import { MS_PER_DAY } from '../../time-units.js';

const DEFAULT_WINDOW_MS = 10 * MS_PER_DAY;
/** service-notes "Retention and windows": delivery and engagement events are kept 90 days. */
const EVENT_RETENTION_MS = 90 * MS_PER_DAY;
/** service-api-rest 4.4 and 7: the sent-email history is kept 10 days. */
const SENT_RETENTION_MS = 10 * MS_PER_DAY;

/** The first log position a query may read: its `from`, but nothing the service no longer keeps. */
function firstKept(log: EventLog, fromMs: number, now: number, retentionMs: number): number {
  return log.lowerBound(Math.max(fromMs, now - retentionMs));
}

/**
 * A listing's `from` is the effective start (2.2, 2.3): what was searched, not a date older
 * than the history kept, and never after `to` (a range wholly older than the history is empty).
 */
function effectiveFrom(range: Range, now: number, retentionMs: number): string {
  return isoOffset(Math.min(Math.max(range.fromMs, now - retentionMs), range.toMs));
}

interface EventCursor {
  team: TeamName;
  p: number;
  f: number;
  t: number;
  h: number;
}

function readCursor(raw: string, team: TeamName, log: EventLog): EventCursor | null {
  const c = decodeCursor(raw);
  if (c === null || c.team !== team || ![c.p, c.f, c.t, c.h].every((n) => Number.isSafeInteger(n))) return null;
  const v = c as unknown as EventCursor;
  return v.p >= 0 && v.p <= v.h && v.h <= log.length && v.f <= v.t ? v : null;
}

interface Range {
  fromMs: number;
  toMs: number;
}

/** from/to of 4.1 and 4.2: dates, `to` covering its whole day, defaults 10 days back to now. */
function rangeOf(ctx: RouteContext, errs: FieldErrors, frozen?: Range): Range | undefined {
  const from = dateQuery(errs, ctx.query, 'from');
  const to = dateQuery(errs, ctx.query, 'to');
  if (errs.has('from') || errs.has('to')) return undefined;
  const fromMs = from?.start ?? frozen?.fromMs ?? ctx.now - DEFAULT_WINDOW_MS;
  const toMs = to?.end ?? frozen?.toMs ?? ctx.now;
  if (fromMs > toMs) {
    errs.add(to ? 'to' : 'from', 'The to date must be a date after or equal to from.');
    return undefined;
  }
  return { fromMs, toMs };
}

function filterOf(ctx: RouteContext, errs: FieldErrors): EventFilterInput {
  const f: EventFilterInput = {};
  const types = listQuery(ctx.query, 'events');
  for (const t of types ?? []) {
    if (!(EMAIL_EVENT_TYPES as readonly string[]).includes(t)) errs.add('events', `The selected events value "${t}" is invalid.`);
  }
  const recipients = listQuery(ctx.query, 'recipients');
  for (const r of recipients ?? []) {
    if (!isEmail(r)) errs.add('recipients', `The recipients value "${r}" must be a valid email address.`);
  }
  const classes = listQuery(ctx.query, 'bounce_classes');
  for (const b of classes ?? []) {
    if (!/^\d{1,3}$/.test(b)) errs.add('bounce_classes', `The bounce_classes value "${b}" must be an integer.`);
  }
  if (types) f.types = types;
  if (recipients) f.recipients = recipients;
  const transmissions = listQuery(ctx.query, 'transmissions');
  if (transmissions) f.transmissions = transmissions;
  if (classes) f.bounceClasses = classes.map(Number);
  return f;
}

const countCaches = new WeakMap<EventLog, CountCache>();

function listEvents(ctx: RouteContext) {
  const log = ctx.team.events;
  const errs = new FieldErrors();
  const filter = filterOf(ctx, errs);
  const perPage = intQuery(errs, ctx.query, 'per_page', 1, 100, 25);
  const rawCursor = ctx.query.cursor;
  const cursor = rawCursor ? readCursor(rawCursor, ctx.team.name, log) : undefined;
  if (cursor === null) errs.add('cursor', 'The cursor is invalid or expired.');
  const range = rangeOf(ctx, errs, cursor ? { fromMs: cursor.f, toMs: cursor.t } : undefined);
  errs.throwIfAny();
  const { fromMs, toMs } = range as Range;

  const lo = firstKept(log, fromMs, ctx.now, EVENT_RETENTION_MS);
  const hi = Math.min(cursor?.h ?? Infinity, log.upperBound(toMs));
  const compiled = compileFilter(log, filter);
  const page = pageOf(log, compiled, lo, Math.min(cursor?.p ?? hi, hi), perPage);
  let counts = countCaches.get(log);
  if (!counts) countCaches.set(log, (counts = new CountCache()));
  const next = page.next === null ? null : encodeCursor({ team: ctx.team.name, p: page.next, f: fromMs, t: toMs, h: hi });
  return ok('Events retrieved successfully.', {
    events: {
      data: page.indices.map((i) => log.render(i)),
      total_count: counts.count(log, compiled, lo, hi),
      from: effectiveFrom(range as Range, ctx.now, EVENT_RETENTION_MS),
      to: isoOffset(toMs),
      pagination: { next_cursor: next, per_page: perPage },
    },
  });
}

function showEmail(ctx: RouteContext) {
  const log = ctx.team.events;
  const errs = new FieldErrors();
  const asked = rangeOf(ctx, errs);
  errs.throwIfAny();
  const t = log.transmissionIndex(ctx.params.requestId as string);
  if (t < 0) throw notFound('Email');
  // The service finds an email by searching its events in the range (service-notes: the last 10
  // days unless from/to say otherwise, and nothing past the 90 days it keeps): an email with events,
  // none of them there, is not found. One with no events yet (scheduled, not due) is shown.
  const { fromMs, toMs } = asked as Range;
  const range = { fromMs: Math.max(fromMs, ctx.now - EVENT_RETENTION_MS), toMs };
  const events = log.eventsOfTransmission(t);
  const ts = (i: number) => log.ts[i] as number;
  if (events.length > 0 && !events.some((i) => ts(i) >= range.fromMs && ts(i) <= range.toMs)) throw notFound('Email');
  return ok('Email retrieved successfully.', emailDetail(log, t, range, 'scheduled'));
}

/** from/to of 4.4: declared as dates, passed as date-times by the docs (section 11, item 27): both work. */
function sentRange(ctx: RouteContext, errs: FieldErrors, frozen?: Range): Range | undefined {
  const from = dateTimeQuery(errs, ctx.query, 'from');
  const to = dateTimeQuery(errs, ctx.query, 'to');
  if (errs.has('from') || errs.has('to')) return undefined;
  const fromMs = from?.start ?? frozen?.fromMs ?? ctx.now - DEFAULT_WINDOW_MS;
  const toMs = to?.end ?? frozen?.toMs ?? ctx.now;
  if (fromMs > toMs) {
    errs.add(to ? 'to' : 'from', 'The to date must be a date after or equal to from.');
    return undefined;
  }
  return { fromMs, toMs };
}

/** GET /emails: cursor pages of injection events; a sandbox key sees only what was addressed to its owner. */
function listSent(ctx: RouteContext) {
  const log = ctx.team.events;
  const errs = new FieldErrors();
  const perPage = intQuery(errs, ctx.query, 'per_page', 1, 100, 25);
  const recipient = emailQuery(errs, ctx.query, 'recipients');
  const rawCursor = ctx.query.cursor;
  const cursor = rawCursor ? readCursor(rawCursor, ctx.team.name, log) : undefined;
  if (cursor === null) errs.add('cursor', 'The cursor is invalid or expired.');
  const range = sentRange(ctx, errs, cursor ? { fromMs: cursor.f, toMs: cursor.t } : undefined);
  errs.throwIfAny();
  const { fromMs, toMs } = range as Range;
  const owner = ctx.key.sandbox ? ctx.key.owner : undefined;
  const recipients = owner !== undefined && recipient !== undefined && recipient.toLowerCase() !== owner ? ['nobody@sandbox.invalid'] : owner ?? recipient;
  const filter: EventFilterInput = { types: ['injection'], ...(recipients ? { recipients: [recipients].flat() } : {}) };
  const lo = firstKept(log, fromMs, ctx.now, SENT_RETENTION_MS);
  const hi = Math.min(cursor?.h ?? Infinity, log.upperBound(toMs));
  const compiled = compileFilter(log, filter);
  const page = pageOf(log, compiled, lo, Math.min(cursor?.p ?? hi, hi), perPage);
  let counts = countCaches.get(log);
  if (!counts) countCaches.set(log, (counts = new CountCache()));
  const next = page.next === null ? null : encodeCursor({ team: ctx.team.name, p: page.next, f: fromMs, t: toMs, h: hi });
  return ok('Emails retrieved successfully.', {
    events: {
      data: page.indices.map((i) => sentEmail(log, i)),
      total_count: counts.count(log, compiled, lo, hi),
      from: effectiveFrom({ fromMs, toMs }, ctx.now, SENT_RETENTION_MS),
      to: isoOffset(toMs),
      pagination: { next_cursor: next, per_page: perPage },
    },
  });
}

export const emailRoutes: Route[] = [
  { method: 'GET', path: '/emails', scope: 'emails:read', handler: listSent },
  { method: 'GET', path: '/emails/events', scope: 'emails:read', handler: listEvents },
  { method: 'GET', path: '/emails/:requestId', scope: 'emails:read', handler: showEmail },
];

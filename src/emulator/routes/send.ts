// Spec 4.3 (send now), 4.5 (schedule), 4.6 (show a scheduled email) and 4.7 (cancel it).
//
// Checks in order: the body (422), the sender's domain (400 unconfigured_domain: it must be
// one of the team's approved domains), the template (404 template_not_found; 422 naming the
// field when scheduling, which documents no 404), the free tier's quota (429). A sandbox
// key's sends go to the key's owner from `dev.uselettr.com` (spec 5.3), need no domain and
// cost no quota. A sent email becomes events over the next seconds
// (data/outbox.ts); a scheduled one from its scheduled_at on.
import { answer, errorWith, ok, sandboxRefused, validationFailed, type ApiResponse } from '../api-error.js';
import { emailDetail } from '../data/email-detail.js';
import type { SentInfo } from '../data/event-log.js';
import { cancelPending, isSuppressed, isUndeliverable, recordSend } from '../data/outbox.js';
import { activeVersion, findTemplate, projectOf } from '../data/templates.js';
import { spendQuota } from '../quota.js';
import type { Route, RouteContext } from '../router.js';
import { readSendBody, type SendBody } from '../send-body.js';
import { parseDateTime } from '../time.js';
import { FieldErrors, bodyObject } from '../validate.js';
import { MS_PER_DAY } from '../../time-units.js';

const SANDBOX_DOMAIN = 'dev.uselettr.com';
const MIN_AHEAD_MS = 5 * 60_000;
const MAX_AHEAD_MS = 3 * MS_PER_DAY;

/** What will be sent, after the domain and template checks. */
function prepare(ctx: RouteContext, b: SendBody, scheduledAt?: number): SentInfo {
  const state = ctx.team.sending;
  let from = b.from;
  let recipients = [...b.to, ...b.cc, ...b.bcc];
  if (ctx.key.sandbox) {
    from = `${b.from.slice(0, b.from.lastIndexOf('@'))}@${SANDBOX_DOMAIN}`;
    recipients = [ctx.key.owner];
  } else {
    const domain = b.from.slice(b.from.lastIndexOf('@') + 1).toLowerCase();
    if (domain === '') throw errorWith(400, 'invalid_domain', 'The sender domain could not be derived from the from address.');
    const d = state.domains.get(domain);
    if (d?.status !== 'approved') {
      throw errorWith(400, 'unconfigured_domain', `The sending domain ${domain} is not configured or not approved for your team.`);
    }
  }
  let subject = b.subject;
  let tag = b.tag;
  if (b.template_slug) {
    const project = projectOf(state, b.project_id);
    const template = project && findTemplate(state, project, b.template_slug);
    const version = template && (b.template_version === null ? activeVersion(template) : template.versions.find((v) => v.version === b.template_version));
    if (!template || !version) {
      if (scheduledAt === undefined) throw errorWith(404, 'template_not_found', 'Template not found.');
      // 4.5 defines no 404 (spec 4.5: template errors are not shown there): the request fails
      // validation on the field that names nothing, a status the operation documents.
      const field = !project ? 'project_id' : !template || b.template_version === null ? 'template_slug' : 'template_version';
      throw validationFailed({ [field]: [`The selected ${field} is invalid: no such template, project or version.`] });
    }
    subject ||= template.subject ?? template.name;
    tag ??= b.template_slug;
  }
  return {
    recipients, subject: subject ?? '', from, fromName: b.from_name,
    ...(tag ? { tag } : {}),
    ...(Object.keys(b.metadata).length > 0 ? { metadata: b.metadata } : {}),
    options: b.options, msgSize: b.size,
    ...(scheduledAt !== undefined ? { scheduledAt } : {}),
  };
}

function sendResult(ctx: RouteContext, info: SentInfo, at: number): Record<string, unknown> {
  // Undeliverable and hard-bounced (suppressed) addresses are rejected, not mailed.
  const accepted = info.recipients.filter((r) => !isUndeliverable(r) && !isSuppressed(ctx.team.events, r));
  const rejected = info.recipients.length - accepted.length;
  const t = accepted.length > 0 ? recordSend(ctx.team, { ...info, recipients: accepted }, at) : ctx.team.events.openTransmission(info);
  return { request_id: ctx.team.events.transmissionId(t), accepted: accepted.length, rejected };
}

function sendEmail(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const b = readSendBody(errs, body);
  errs.throwIfAny();
  const info = prepare(ctx, b);
  const quota = ctx.key.sandbox ? {} : spendQuota(ctx.team.sending.quota, info.recipients.length, ctx.now, true);
  return { ...ok('Email queued for delivery.', sendResult(ctx, info, ctx.now)), headers: quota };
}

function scheduleEmail(ctx: RouteContext): ApiResponse {
  const body = bodyObject(ctx.body);
  const errs = new FieldErrors();
  const b = readSendBody(errs, body);
  const raw = body.scheduled_at;
  let at = 0;
  if (raw === undefined || raw === null || raw === '') errs.add('scheduled_at', 'The scheduled_at field is required.');
  else {
    const parsed = typeof raw === 'string' ? parseDateTime(raw) : null;
    if (parsed === null || parsed.dateOnly) errs.add('scheduled_at', 'The scheduled_at field must be a valid ISO 8601 date-time.');
    else if (parsed.ms < ctx.now + MIN_AHEAD_MS) errs.add('scheduled_at', 'The scheduled_at field must be at least 5 minutes in the future.');
    else if (parsed.ms > ctx.now + MAX_AHEAD_MS) errs.add('scheduled_at', 'The scheduled_at field must not be more than 3 days in the future.');
    else at = parsed.ms;
  }
  errs.throwIfAny();
  const info = prepare(ctx, b, at);
  const quota = ctx.key.sandbox ? {} : spendQuota(ctx.team.sending.quota, info.recipients.length, ctx.now, false);
  const data = sendResult(ctx, info, at);
  const id = data.request_id as string;
  ctx.team.sending.scheduled.set(id, { id, tx: ctx.team.events.transmissionIndex(id), scheduled_at: at });
  return { ...answer(201, 'Email scheduled successfully.', data), headers: quota };
}

/** A sandbox key reads and cancels only what was addressed to its owner (spec 5.3). */
function checkSandbox(ctx: RouteContext, t: number): void {
  if (!ctx.key.sandbox) return;
  const info = ctx.team.events.txInfo.get(t);
  const recipients = info ? info.recipients : [ctx.team.events.recipientOfTx(t)];
  const owner = ctx.key.owner.toLowerCase();
  if (!recipients.some((r) => r.toLowerCase() === owner)) throw sandboxRefused('Sandbox API keys can only access emails sent to their owner.');
}

function showScheduled(ctx: RouteContext): ApiResponse {
  const s = ctx.team.sending.scheduled.get(ctx.params.transmissionId as string);
  if (!s) throw errorWith(404, 'not_found', 'Scheduled email not found.');
  checkSandbox(ctx, s.tx);
  return ok('Scheduled email retrieved successfully.', emailDetail(ctx.team.events, s.tx, undefined));
}

function cancelScheduled(ctx: RouteContext): ApiResponse {
  const s = ctx.team.sending.scheduled.get(ctx.params.transmissionId as string);
  if (!s) throw errorWith(409, 'schedule_cancellation_failed', 'The scheduled email could not be cancelled: it was not found.');
  checkSandbox(ctx, s.tx);
  if (s.scheduled_at <= ctx.now) {
    throw errorWith(409, 'schedule_cancellation_failed', 'The scheduled email could not be cancelled: it has already been sent.');
  }
  cancelPending(ctx.team, s.tx);
  ctx.team.sending.scheduled.delete(s.id);
  return ok('Scheduled email cancelled successfully.');
}

export const sendRoutes: Route[] = [
  { method: 'POST', path: '/emails', scope: 'emails:send', body: true, handler: sendEmail },
  { method: 'POST', path: '/emails/scheduled', scope: 'emails:send', body: true, handler: scheduleEmail },
  { method: 'GET', path: '/emails/scheduled/:transmissionId', scope: 'emails:read', handler: showScheduled },
  { method: 'DELETE', path: '/emails/scheduled/:transmissionId', scope: 'emails:send', handler: cancelScheduled },
];

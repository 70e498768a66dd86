import type { Command } from 'commander';
import * as z from 'zod';
import { DEFAULT_WINDOW_DAYS, EMAIL_DETAIL_FIELDS, getEmail, type EmailDetail, type EmailEvent } from '../../api/emails.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { resolveDayRange, type DayRange } from '../../input/day-range.js';
import type { DbFlag } from '../archive-db.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import { parseInput } from '../schema.js';
import type { RawInput } from '../verb.js';
import { oldestFirst, timelineColumns } from '../events/columns.js';

export interface ShowOptions {
  requestId: string;
  from?: string;
  to?: string;
  /** --db [PATH]: from the local archive instead of the API. */
  db?: DbFlag;
}

/** Transmission ids are short (16 digits from the service); anything this long is not one. */
const MAX_ID_LENGTH = 128;

const schema = z.object({
  args: z.tuple([
    z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(MAX_ID_LENGTH, { error: `must be a transmission id of at most ${MAX_ID_LENGTH} characters` })
      // Printable ASCII only: an id is part of the URL path, and unicode or control
      // characters in it are a mistake the API would answer with 404 or worse.
      .regex(/^[\x21-\x7e]+$/, { error: 'must be a transmission id (the request_id of an event): letters, digits and punctuation, no spaces' })
      .regex(/^[^/?#]+$/, { error: 'must be a transmission id (the request_id of an event), without spaces or slashes' })
      .refine((id) => id !== '.' && id !== '..', { error: 'must be a transmission id (the request_id of an event)' })
      // GET /emails/events is the event listing, not an email.
      .refine((id) => id !== 'events', { error: 'is not a transmission id: for the event listing run `mailctl events list`' }),
  ]),
  from: z.string().optional(),
  to: z.string().optional(),
  db: z.union([z.string().trim().min(1, { error: 'must be a file path (or leave the value out for the default archive)' }), z.literal(true)]).optional(),
});

export function parse(input: RawInput, cmd: Command): ShowOptions {
  const o = parseInput(schema, input, cmd);
  return { requestId: o.args[0], from: o.from, to: o.to, db: o.db };
}

function sender(d: EmailDetail): string | null {
  if (!d.from) return d.from_name ?? null;
  return d.from_name ? `${d.from_name} <${d.from}>` : d.from;
}

function recipients(d: EmailDetail): string | null {
  const list = d.recipients ?? [];
  const n = d.num_recipients ?? list.length;
  if (list.length === 0) return n ? `${n} recipients` : null;
  return n > list.length ? `${list.join(', ')} (+${n - list.length} more)` : list.join(', ');
}

async function fromApi(opts: ShowOptions, ctx: Context, range: DayRange): Promise<EmailDetail> {
  const api = await ctx.api();
  try {
    return await getEmail(api, opts.requestId, range);
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
}

export async function run(opts: ShowOptions, ctx: Context): Promise<void> {
  const out = ctx.output();
  // writeDetail checks --fields against the answer; unknown names must fail before anything is sent.
  checkFields(out.fields, [], EMAIL_DETAIL_FIELDS);
  const range = resolveDayRange({ from: opts.from, to: opts.to }, ctx.now(), DEFAULT_WINDOW_DAYS);
  let detail: EmailDetail;
  if (opts.db !== undefined) detail = await (await import('./show-db.js')).emailFromArchive(opts, ctx);
  else detail = await fromApi(opts, ctx, range);
  const events = oldestFirst(detail.events as EmailEvent[]);
  await ctx.pageOutput(); // a long timeline or body pages like a listing
  await writeDetail(out, detail, [
    {
      fields: [
        { key: 'transmission_id', label: 'Transmission', value: detail.transmission_id },
        { key: 'state', label: 'State', value: detail.state, kind: 'status' },
        { key: 'scheduled_at', label: 'Scheduled', value: detail.scheduled_at, kind: 'time' },
        { key: 'from', label: 'From', value: sender(detail) },
        { key: 'subject', label: 'Subject', value: detail.subject },
        { key: 'recipients', label: 'Recipients', value: recipients(detail) },
      ],
    },
    { title: `Events (${events.length}, oldest first)`, table: { columns: timelineColumns, rows: events } },
  ]);
}

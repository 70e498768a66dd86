import { CAMPAIGN_FIELDS } from '../api/vocabulary.js';
import { withRequested, writeDetail, type DetailField } from './detail.js';
import { checkFields } from './fields.js';
import { localIso, localText, timeMs, utcText } from './instant-text.js';
import type { OutputTarget } from './types.js';

// How campaign schedule, unschedule and send print their outcome. json/ndjson: the campaign
// object as the API returned it. Table (TTY or pipe): id, name, status and
// the scheduled time in UTC and in local time: on a terminal the local time reads for people
// (with the zone's name), in a pipe or CSV it is ISO 8601 with its offset (cli.md, Output:
// "ISO times" when stdout is not a TTY).

/** The fields printed of the campaign a write returns (a Campaign of api/campaigns.ts is one). */
export interface WrittenCampaign extends Record<string, unknown> {
  id: string;
  name?: string | null;
  status: string;
  scheduled_at?: string | null;
}

/** Keys a write's output can have, for checking --fields before the request. */
const WRITE_KEYS = [...CAMPAIGN_FIELDS, 'scheduled_local', 'deleted', 'message', 'unscheduled'];

export function checkWriteFields(out: OutputTarget): void {
  checkFields(out.fields, [], WRITE_KEYS);
}

function timeFields(out: OutputTarget, ms: number | undefined, raw: string | null | undefined): DetailField[] {
  const local = out.isTTY && out.format === 'table' ? localText : localIso;
  return [
    { key: 'scheduled_at', label: 'Scheduled (UTC)', value: ms === undefined ? raw ?? null : utcText(ms) },
    { key: 'scheduled_local', label: 'Scheduled (local)', value: ms === undefined ? null : local(ms) },
  ];
}

/** The updated campaign of a successful write. */
export async function printCampaign(out: OutputTarget, c: WrittenCampaign): Promise<void> {
  const ms = timeMs(c.scheduled_at);
  const fields: DetailField[] = [
    { key: 'id', label: 'ID', value: c.id },
    { key: 'name', label: 'Name', value: c.name },
    { key: 'status', label: 'Status', value: c.status, kind: 'status' },
    ...timeFields(out, ms, c.scheduled_at),
  ];
  const computed = Object.fromEntries(fields.map((f) => [f.key, f.value]));
  await writeDetail(out, withRequested(c, out.fields, computed), [{ fields }]);
}

/**
 * A result the API did not give as a campaign (no `data` after the write, or
 * an --if-scheduled no-op): a small object of the same id, printed in every format.
 */
export async function printResult(out: OutputTarget, obj: Record<string, unknown>, scheduledMs?: number): Promise<void> {
  const fields: DetailField[] = [{ key: 'id', label: 'ID', value: obj.id }];
  if ('status' in obj) fields.push({ key: 'status', label: 'Status', value: obj.status, kind: 'status' });
  if ('scheduled_at' in obj) fields.push(...timeFields(out, scheduledMs, obj.scheduled_at as string));
  if ('unscheduled' in obj) fields.push({ key: 'unscheduled', label: 'Unscheduled', value: obj.unscheduled, kind: 'bool' });
  if ('deleted' in obj) fields.push({ key: 'deleted', label: 'Deleted', value: obj.deleted, kind: 'bool' });
  if ('message' in obj) fields.push({ key: 'message', label: 'Message', value: obj.message });
  const computed = Object.fromEntries(fields.map((f) => [f.key, f.value]));
  await writeDetail(out, withRequested(obj, out.fields, computed), [{ fields }]);
}

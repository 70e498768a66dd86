import type { Command } from 'commander';
import * as z from 'zod';
import {
  TOPIC_DESCRIPTION_MAX, TOPIC_NAME_MAX, TOPIC_VISIBILITIES, updateTopic, updateTopicRequest, type Topic, type TopicPatch,
} from '../../api/audience.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { checkFields } from '../../output/fields.js';
import { oneOf, parseInput, uuid } from '../schema.js';
import type { RawInput } from '../verb.js';
import { OPERATIONS } from '../../api/operations.js';
import { printDryRun, refuseSandboxKey } from '../write.js';

/** Limits count characters (code points), as the spec words them, not UTF-16 units. */
export function textFlag(max: number, emptyHint: string) {
  return z
    .string()
    .refine((s) => s.trim() !== '', { error: `must not be empty${emptyHint}` })
    .refine((s) => [...s].length <= max, { error: (i) => `must be at most ${max} characters (this one has ${[...(i.input as string)].length})` });
}

const schema = z.object({
  args: z.tuple([uuid]),
  name: textFlag(TOPIC_NAME_MAX, '').optional(),
  description: textFlag(TOPIC_DESCRIPTION_MAX, '; use --clear-description to remove it').optional(),
  clearDescription: z.boolean().optional(),
  visibility: oneOf(TOPIC_VISIBILITIES).optional(),
  dryRun: z.boolean().optional(),
});

export interface Options {
  id: string;
  patch: TopicPatch;
  dryRun: boolean;
}

export function parse(input: RawInput, cmd: Command): Options {
  const o = parseInput(schema, input, cmd);
  if (o.description !== undefined && o.clearDescription) {
    throw new UsageError('--description and --clear-description cannot be used together');
  }
  const patch: TopicPatch = {};
  if (o.name !== undefined) patch.name = o.name;
  if (o.description !== undefined) patch.description = o.description;
  if (o.clearDescription) patch.description = null;
  if (o.visibility !== undefined) patch.visibility = o.visibility;
  if (Object.keys(patch).length === 0) {
    throw new UsageError('nothing to update: give at least one of --name, --description, --clear-description, --visibility');
  }
  return { id: o.args[0], patch, dryRun: Boolean(o.dryRun) };
}

export const TOPIC_FIELDS = ['id', 'name', 'description', 'default_subscription', 'visibility', 'contacts_count', 'created_at'] as const;

export function topicSections(t: Topic) {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: t.id },
        { key: 'name', label: 'Name', value: t.name },
        { key: 'description', label: 'Description', value: t.description },
        { key: 'visibility', label: 'Visibility', value: t.visibility },
        { key: 'default_subscription', label: 'Default subscription', value: t.default_subscription },
        { key: 'contacts_count', label: 'Contacts', value: t.contacts_count, kind: 'number' as const },
        { key: 'created_at', label: 'Created', value: t.created_at, kind: 'time' as const },
      ],
    },
  ];
}

export async function run(opts: Options, ctx: Context): Promise<void> {
  const out = ctx.output();
  checkFields(out.fields, [], TOPIC_FIELDS); // a write must not be sent when its output cannot be printed
  refuseSandboxKey(ctx, 'update topics', OPERATIONS.updateTopic);
  if (opts.dryRun) return printDryRun(ctx, updateTopicRequest(opts.id, opts.patch));
  const api = await ctx.api();
  const topic = await updateTopic(api, opts.id, opts.patch);
  await writeDetail(out, topic, topicSections(topic));
}

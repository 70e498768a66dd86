import type { Operation } from '../../api/operations.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { runWrite } from '../runners/write.js';

// Topic subscriptions and list memberships of one contact (spec 4.36–4.39):
// POST answers 201 when it changed something and 200 when it was already so;
// DELETE answers 204 either way. One row: the pair and the state it is now in.

export interface Membership {
  operation: Operation;
  action: string;
  contactId: string;
  /** 'topic' or 'list' */
  kind: 'topic' | 'list';
  otherId: string;
  /** the state after the call: subscribed / in the list (POST), or not (DELETE) */
  now: boolean;
  dryRun: boolean;
  /** DELETE: --if-exists, and the confirmation of every delete unless `yes` is undefined (never asks). */
  remove?: { command: string; what: string; yes?: boolean; ifExists: boolean };
}

export async function runMembership(ctx: Context, m: Membership): Promise<void> {
  const { plain } = await import('../../api/audience-admin.js');
  const w = plain(m.operation, [m.contactId, m.otherId]);
  const field = m.kind === 'topic' ? 'subscribed' : 'member';
  await runWrite(ctx, {
    operation: m.operation, action: m.action, request: w.request, dryRun: m.dryRun,
    fields: ['contact_id', `${m.kind}_id`, field, 'changed'],
    ...(m.remove?.yes !== undefined ? { confirm: { command: m.remove.command, what: m.remove.what, done: 'removed', yes: m.remove.yes } } : {}),
    async send(api) {
      try {
        return await w.send(api);
      } catch (error) {
        if (!(m.remove?.ifExists && error instanceof ApiError && error.status === 404)) throw error;
        ctx.notice(`${error.message.replace(/\.$/, '')}: nothing to remove (--if-exists)`);
        return { status: 404 };
      }
    },
    async print(result) {
      // 204 says nothing about the state before: "changed" is only known for POST (and a 404 let through by --if-exists)
      const changed = result.status === 201 ? true : result.status === 200 || result.status === 404 ? false : null;
      const row = { contact_id: m.contactId, [`${m.kind}_id`]: m.otherId, [field]: m.now, changed };
      await writeDetail(ctx.output(), row, [
        {
          fields: [
            { key: 'contact_id', label: 'Contact', value: m.contactId },
            { key: `${m.kind}_id`, label: m.kind === 'topic' ? 'Topic' : 'List', value: m.otherId },
            { key: field, label: m.kind === 'topic' ? 'Subscribed' : 'In the list', value: m.now, kind: 'bool' },
            { key: 'changed', label: 'Changed', value: changed === null ? 'not reported' : changed, kind: changed === null ? 'text' : 'bool' },
          ],
        },
      ]);
    },
  });
}

import type { ItemOf } from '../../api/audience-admin.js';
import type { Operation } from '../../api/operations.js';
import { AUDIENCE_DEFAULT_PER_PAGE, MAX_AUDIENCE_PER_PAGE } from '../../api/vocabulary.js';
import type { Context } from '../../context.js';
import type { ListSpec } from '../../output/types.js';
import { pageFlags, runList } from '../runners/list.js';

// What the five audience listings share (4.25, 4.31, 4.40, 4.44, 4.48): page
// numbers of at most 100 rows (20 by default), each row listed once however
// rows shift while pages are fetched, and the user's filters repeated in the
// next-page command.

export const audiencePageFlags = (noun: string) => pageFlags(noun, { max: MAX_AUDIENCE_PER_PAGE, default: AUDIENCE_DEFAULT_PER_PAGE });

type Noun = 'lists' | 'contacts' | 'topics' | 'properties' | 'segments';

export interface AudienceListRun<K extends Noun> {
  noun: K;
  command: string[];
  operation: Operation;
  spec: ListSpec<ItemOf<K>>;
  /** API query filters (`list_id`, `search`, …) and the flags that gave them, for the next-page hint. */
  filters: Record<string, string | undefined>;
  hintArgs: string[];
  page?: number;
  perPage?: number;
  all: boolean;
  limit?: number;
  empty?: string;
}

export async function runAudienceList<K extends Noun>(ctx: Context, r: AudienceListRun<K>): Promise<void> {
  const { listPage } = await import('../../api/audience-admin.js');
  const args = [...r.hintArgs, ...(r.perPage !== undefined ? ['--per-page', String(r.perPage)] : [])];
  await runList(ctx, {
    command: r.command,
    args,
    noun: r.noun,
    empty: r.empty,
    spec: r.spec,
    operation: r.operation,
    all: r.all,
    limit: r.limit,
    paging: {
      style: 'page',
      page: r.page,
      perPage: r.perPage,
      maxPerPage: MAX_AUDIENCE_PER_PAGE,
      idOf: (row) => (row as { id: string }).id,
      fetch: (api, page, perPage) => listPage(api, r.noun, { ...r.filters, page, per_page: perPage }),
    },
  });
}

// Several pages per commit into PostgreSQL (src/archive/pg/page.ts): a
// commit holds the events of its pages and the position after the last of
// them. Until then, another connection sees neither; a run that ends without
// committing them (a kill, a lost server) leaves the position where the last
// commit put it, so the next run reads those pages again and stores each
// event once. A batch is committed when it is full, when its range ends, and
// when its first page has waited the batch's time (a sync slowed by the rate
// limit still commits each page promptly).
import { describe, expect, it, vi } from 'vitest';
import type { EmailEvent } from '../../src/api/emails.js';
import { parsePgUrl } from '../../src/archive/location.js';
import type { PageToCommit } from '../../src/archive/page-commit.js';
import type { PageBatching } from '../../src/archive/pg/page.js';
import { openPgSync } from '../../src/archive/pg/sync.js';
import { usePostgres, type TestDatabase } from '../helpers/postgres.js';

const KEY = { baseUrl: 'http://127.0.0.1:9', eventTypes: '' };
const pg = usePostgres('batch');

const open = (db: TestDatabase, batching: PageBatching) =>
  openPgSync(parsePgUrl(db.url, '--db'), KEY, { env: {}, warn: () => undefined, wait: true, notice: () => undefined, batching });

const ev = (id: string, hour: number): EmailEvent =>
  ({ event_id: id, type: 'delivery', timestamp: `2026-11-24T${String(hour).padStart(2, '0')}:00:00.000Z`, subject: 'Hello' }) as EmailEvent;

/** Page n of a range of three: two events each, the last page ends the range. */
const page = (n: number): PageToCommit => ({
  events: [ev(`e${n}a`, 20 - 2 * n), ev(`e${n}b`, 19 - 2 * n)],
  read: 2, requests: n, range: { from: '2026-11-24', to: '2026-11-24' }, nextCursor: n < 3 ? `c${n}` : null,
});

/** What another connection sees: the events' ids and the position. */
async function seen(db: TestDatabase) {
  const ids = (await db.query<{ event_id: string }>('SELECT event_id FROM events ORDER BY seq')).map((r) => r.event_id);
  const [state] = await db.query<{ pending_cursor: string | null; newest_day: string | null; last_run_new: string }>(
    'SELECT pending_cursor, newest_day, last_run_new FROM sync_state',
  );
  return { ids, cursor: state?.pending_cursor ?? null, newestDay: state?.newest_day ?? null, added: Number(state?.last_run_new ?? 0) };
}

describe('events sync into PostgreSQL, several pages per commit', () => {
  it('held pages are invisible until their commit; a run ended before it leaves the position before them, and the re-run stores each event once', async () => {
    const db = await pg.fresh();
    const first = await open(db, { pages: 10, ms: 600_000 });
    await first.start('2026-11-25T12:00:00.000Z', '2026-11-24');
    const held = await first.commit(page(1));
    expect(held.counts).toEqual({ read: 0, added: 0, present: 0, requests: 0 });
    await first.commit(page(2));
    expect(await seen(db)).toEqual({ ids: [], cursor: null, newestDay: null, added: 0 });
    // killed between two pages of one batch: its connection ends, nothing of the batch stays
    await first.close();
    expect(await seen(db)).toEqual({ ids: [], cursor: null, newestDay: null, added: 0 });

    const again = await open(db, { pages: 10, ms: 600_000 });
    try {
      expect(await again.readSyncState()).toEqual({ newestDay: null, pending: null });
      await again.start('2026-11-25T12:05:00.000Z', '2026-11-24');
      await again.commit(page(1));
      await again.commit(page(2));
      // the range's last page commits the batch at once
      const last = await again.commit(page(3));
      expect(last).toMatchObject({ added: 6, present: 0, counts: { read: 6, added: 6, present: 0, requests: 3 } });
      expect(await seen(db)).toEqual({ ids: ['e1a', 'e1b', 'e2a', 'e2b', 'e3a', 'e3b'], cursor: null, newestDay: '2026-11-24', added: 6 });
    } finally {
      await again.close();
    }
  });

  it('a full batch is committed (while the next pages are read) with the position after its last page; settle commits what is held', async () => {
    const db = await pg.fresh();
    const target = await open(db, { pages: 2, ms: 600_000 });
    try {
      await target.start('2026-11-25T12:00:00.000Z', '2026-11-24');
      await target.commit(page(1));
      // full: committed while the next pages are read
      await target.commit(page(2));
      await vi.waitFor(async () => expect(await seen(db)).toMatchObject({ ids: ['e1a', 'e1b', 'e2a', 'e2b'], cursor: 'c2' }), { timeout: 30_000, interval: 50 });
      // a page of another range, then the run stops (an API failure): what is held is committed
      await target.commit({ ...page(1), range: { from: '2026-11-23', to: '2026-11-23' }, events: [ev('e1a', 18), ev('x', 1)], requests: 3 });
      const counts = await target.settle({ read: 6, added: 4, present: 0, requests: 3 }, true, () => undefined);
      expect(counts).toEqual({ read: 6, added: 5, present: 1, requests: 3 });
      expect(await seen(db)).toMatchObject({ ids: ['e1a', 'e1b', 'e2a', 'e2b', 'x'], cursor: 'c1', added: 5 });
      expect(await target.readSyncState()).toEqual({ newestDay: null, pending: { from: '2026-11-23', to: '2026-11-23', cursor: 'c1' } });
    } finally {
      await target.close();
    }
  });

  it('a held page is committed once it has waited the batch time, with no page after it', async () => {
    const db = await pg.fresh();
    const target = await open(db, { pages: 10, ms: 50 });
    try {
      await target.start('2026-11-25T12:00:00.000Z', '2026-11-24');
      await target.commit(page(1));
      // no further page comes (the rate limit): the page and its position are committed all the same
      await vi.waitFor(async () => expect(await seen(db)).toEqual({ ids: ['e1a', 'e1b'], cursor: 'c1', newestDay: null, added: 2 }), { timeout: 30_000, interval: 50 });
      const next = await target.commit(page(2));
      expect(next.counts).toEqual({ read: 2, added: 2, present: 0, requests: 1 });
    } finally {
      await target.close();
    }
  });
});

import type { Context } from '../../context.js';
import type { Column } from '../../output/types.js';
import { runListing } from '../listing.js';

// What `template pull` and `template push` print: one row per template (the files'
// format is in src/input/template-files.ts).

export interface SyncRow {
  slug: string;
  /** pulled, kept (a local change not pushed), skipped; created, updated, unchanged, conflict; with --dry-run: create, update. */
  action: string;
  version: number | null;
  reason: string | null;
}

export const SYNC_COLUMNS: Column<SyncRow>[] = [
  { key: 'slug', header: 'SLUG', value: (r) => r.slug, whole: true },
  { key: 'action', header: 'ACTION', value: (r) => r.action, kind: 'status', whole: true },
  { key: 'version', header: 'VERSION', value: (r) => r.version, kind: 'number' },
  { key: 'reason', header: 'REASON', value: (r) => r.reason, maxWidth: 60 },
];
export const SYNC_FIELDS = ['slug', 'action', 'version', 'reason'] as const;

export async function writeRows(ctx: Context, rows: SyncRow[]): Promise<void> {
  await runListing(ctx, { spec: { columns: SYNC_COLUMNS, fields: SYNC_FIELDS }, pages: [{ items: rows }] });
}

import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/types.js';
import { runListing } from '../listing.js';

// Templates as files (`template pull` / `template push`): DIR/<slug>.html holds
// the active HTML, DIR/<slug>.json what push needs to know where it came from:
// {"name", "project", "version"}. Both are written whole (temp file + rename).

export interface TemplateMeta {
  name: string;
  project: number;
  version: number | null;
}

export interface SyncRow {
  slug: string;
  /** pulled; created, updated, unchanged, conflict; with --dry-run: create, update. */
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

/** A slug that is safe as a file name: no folder separators, no hidden or relative names. */
export function fileSafe(slug: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(slug);
}

export function metaText(meta: TemplateMeta): string {
  return `${JSON.stringify(meta, null, 2)}\n`;
}

/** The metadata of DIR/<slug>.json; a file that is not ours is a usage error naming it. */
export function parseMeta(text: string, path: string): TemplateMeta {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new UsageError(`--dir: ${path} is not valid JSON`);
  }
  const m = v as Partial<TemplateMeta>;
  const ok = m && typeof m === 'object' && typeof m.name === 'string' && Number.isInteger(m.project) && (m.version === null || Number.isInteger(m.version));
  if (!ok) throw new UsageError(`--dir: ${path} must hold {"name": string, "project": integer, "version": integer or null} (as template pull writes it)`);
  return { name: m.name!, project: m.project!, version: m.version ?? null };
}

export async function writeRows(ctx: Context, rows: SyncRow[]): Promise<void> {
  await runListing(ctx, { spec: { columns: SYNC_COLUMNS, fields: SYNC_FIELDS }, pages: [{ items: rows }] });
}

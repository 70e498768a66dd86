// The vendor's deliverability thresholds and bounce classes (service-notes.md,
// "Deliverability thresholds"). One table: the verdicts, the --json output,
// the chart's threshold lines and the HTML report all read it.

export const SIGNALS = ['bounce', 'complaint', 'open', 'click'] as const;
export type Signal = (typeof SIGNALS)[number];

const VERDICTS = ['healthy', 'warning', 'critical'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface Threshold {
  /** Rates in percent. For a "higher is worse" signal: warning from `warning`, critical above `critical`. */
  warning: number;
  critical: number;
  /** bounce and complaint get worse as they rise; open and click as they fall. */
  higherIsWorse: boolean;
  computed: string;
}

export const THRESHOLDS: Record<Signal, Threshold> = {
  bounce: { warning: 2, critical: 5, higherIsWorse: true, computed: '(bounce + out_of_band) / injection' },
  complaint: { warning: 0.1, critical: 0.3, higherIsWorse: true, computed: 'spam_complaint / delivery' },
  open: { warning: 15, critical: 10, higherIsWorse: false, computed: 'initial_open / delivery' },
  click: { warning: 2, critical: 1, higherIsWorse: false, computed: 'distinct (request_id, rcpt_to) with a click / delivery' },
};

/** Signals judged unless --judge says otherwise: the vendor ranks bounces and complaints first. */
export const DEFAULT_JUDGED: readonly Signal[] = ['bounce', 'complaint'];

/**
 * The table's ranges, read literally: bounce "< 2 % healthy, 2–5 % warning,
 * > 5 % critical", so exactly 2 % is a warning and exactly 5 % is still one;
 * open "> 15 % healthy, 10–15 % warning, < 10 % critical".
 * No rate (nothing to divide by) has no verdict.
 */
export function verdictOf(signal: Signal, rate: number | null): Verdict | null {
  if (rate === null) return null;
  const t = THRESHOLDS[signal];
  if (t.higherIsWorse) return rate > t.critical ? 'critical' : rate >= t.warning ? 'warning' : 'healthy';
  return rate < t.critical ? 'critical' : rate <= t.warning ? 'warning' : 'healthy';
}

/** True when a verdict is at least as bad as the level (--fail-on). */
export function reaches(verdict: Verdict | null, level: 'warning' | 'critical'): boolean {
  if (verdict === null) return false;
  return VERDICTS.indexOf(verdict) >= VERDICTS.indexOf(level);
}

// The vendor's bounce class table. Soft takes in the blocks (50 mail block, 51 spam-related
// block, 52 content block), so `soft_bounces` counts them; the report also shows blocks on
// their own, as the service's own categories do. 1 is undetermined; 60 (auto-reply), classes
// outside the table and bounces without a class are the remainder, "other".
const HARD = new Set([10, 30, 100]);
const SOFT = new Set([20, 21, 22, 25, 40, 50, 51, 52, 70]);
const BLOCK = new Set([50, 51, 52]);
const UNDETERMINED = new Set([1]);

export type BounceKind = 'hard' | 'soft' | 'other';

/** The vendor table's kind: hard, soft (blocks included) or neither. */
export function bounceKind(bounceClass: number | null | undefined): BounceKind {
  if (bounceClass === null || bounceClass === undefined) return 'other';
  if (HARD.has(bounceClass)) return 'hard';
  if (SOFT.has(bounceClass)) return 'soft';
  return 'other';
}

/** Disjoint parts that add up to the bounces: a block is its own part here (and soft in bounceKind). */
export type BouncePart = 'hard' | 'soft' | 'block' | 'undetermined' | 'other';

export function bouncePart(bounceClass: number | null | undefined): BouncePart {
  if (bounceClass !== null && bounceClass !== undefined) {
    if (BLOCK.has(bounceClass)) return 'block';
    if (UNDETERMINED.has(bounceClass)) return 'undetermined';
  }
  return bounceKind(bounceClass);
}

/** The classes of each kind, for SQL and for the documentation. */
export const HARD_CLASSES: readonly number[] = [...HARD];
export const SOFT_CLASSES: readonly number[] = [...SOFT];
export const BLOCK_CLASSES: readonly number[] = [...BLOCK];
export const UNDETERMINED_CLASSES: readonly number[] = [...UNDETERMINED];

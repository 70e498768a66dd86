// "Did you mean …?": the one nearness rule for mistyped names (help topics,
// enum values of flags, webhook event names).

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), as commander's suggestions use.
 * Above `limit` the exact figure does not matter (limit + 1 is returned): a value far longer than
 * every candidate (a 100 KB flag value) is then not compared letter by letter, which takes time
 * and memory in the product of the lengths.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return Math.min(d[a.length]![b.length]!, limit + 1);
}

/** The candidates nearest to a word: a prefix match, or within 40% of its length in edits. */
export function nearest(word: string, candidates: string[]): string[] {
  const prefixed = candidates.filter((c) => word.length >= 2 && c.startsWith(word));
  if (prefixed.length) return prefixed;
  let best = Infinity;
  let found: string[] = [];
  for (const c of candidates) {
    const limit = Math.max(1, Math.floor(c.length * 0.4));
    const distance = editDistance(word, c, limit);
    if (distance > limit) continue;
    if (distance < best) [best, found] = [distance, [c]];
    else if (distance === best) found.push(c);
  }
  return found;
}

/** " (did you mean bounce?)" for a mistyped value, or "" when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const close = nearest(word.trim().toLowerCase(), [...candidates]);
  return close.length ? ` (did you mean ${close.join(' or ')}?)` : '';
}

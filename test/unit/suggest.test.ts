// The nearness rule of "did you mean …?" (src/input/suggest.ts): a bounded
// distance is the exact one up to its limit, and a value far longer than every
// candidate (bad-input's 100 KB flag values) is refused by its length alone.
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../src/input/suggest.js';
import { suggestWebhookEvent } from '../../src/input/webhook-events.js';

describe('editDistance', () => {
  it.each([
    ['bounce', 'bounce', 0],
    ['bonuce', 'bounce', 1],
    ['bouncee', 'bounce', 1],
    ['delivry', 'delivery', 1],
    ['clik', 'click', 1],
    ['', 'open', 4],
    ['scheduled', 'sent', 7],
  ])('%j to %j is %i, and with a limit the same up to it, limit + 1 above it', (a, b, exact) => {
    expect(editDistance(a, b)).toBe(exact);
    for (const limit of [0, 1, 2, 3, 5, 8]) expect(editDistance(a, b, limit)).toBe(Math.min(exact, limit + 1));
  });

  it('a value longer than a candidate by more than the limit is over the limit at once', () => {
    expect(editDistance('x'.repeat(100_000), 'bounce', 2)).toBe(3);
    expect(editDistance('bounce', 'x'.repeat(100_000), 2)).toBe(3);
  });
});

describe('suggestions for huge values', () => {
  it('suggest nothing, as for any value far from every name', () => {
    const huge = `${'message.delivery'}${'x'.repeat(100_000)}`;
    expect(didYouMean(huge, ['bounce', 'delivery', 'open'])).toBe('');
    expect(suggestWebhookEvent(huge)).toBeUndefined();
    expect(suggestWebhookEvent('message.delivry')).toBe('message.delivery');
  });
});

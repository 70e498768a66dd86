import { describe, expect, it } from 'vitest';
import { countOf, counted, thousands } from '../../src/counts.js';

describe('counts in messages', () => {
  it.each([
    [0, 'event', undefined, '0 events'],
    [1, 'event', undefined, '1 event'],
    [2, 'event', undefined, '2 events'],
    [1, 'delivery', 'deliveries', '1 delivery'],
    [3, 'delivery', 'deliveries', '3 deliveries'],
    [12_345, 'address', 'addresses', '12,345 addresses'],
  ])('counted(%i, %s)', (n, singular, plural, text) => {
    expect(counted(n, singular, plural)).toBe(text);
  });

  it('groups thousands the same in every locale', () => {
    expect(thousands(1_234_567)).toBe('1,234,567');
  });
});

describe('counts of list nouns', () => {
  it.each([
    [1, 'emails', '1 email'],
    [2, 'emails', '2 emails'],
    [1, 'properties', '1 property'],
    [3, 'properties', '3 properties'],
    [1, 'campaign events', '1 campaign event'],
  ])('countOf(%i, %s)', (n, plural, text) => {
    expect(countOf(n, plural)).toBe(text);
  });
});

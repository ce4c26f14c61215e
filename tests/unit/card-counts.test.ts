/** What a product card says of sales and reviews (lib/domain/card-counts.ts, docs/rules.md#product-cards). */
import { describe, expect, it } from 'vitest';
import { cardCounts, countLabel } from '@/lib/domain/card-counts';

describe('countLabel', () => {
  it('prints a count exactly below 10 000', () => {
    expect([0, 1, 3, 999, 9_999].map(countLabel)).toEqual(['0', '1', '3', '999', '9999']);
  });

  it('from 10 000 in 万 to one decimal, rounded down, with +', () => {
    expect([10_000, 12_345, 19_999, 100_000, 999_999, 99_999_999].map(countLabel)).toEqual(['1万+', '1.2万+', '1.9万+', '10万+', '99.9万+', '9999.9万+']);
  });

  it('from 1 亿 in 亿', () => {
    expect([100_000_000, 123_456_789].map(countLabel)).toEqual(['1亿+', '1.2亿+']);
  });
});

describe('cardCounts', () => {
  it('已售, 条评价 and 好评率 in that order', () => {
    expect(cardCounts({ sold: 3, reviewCount: 2, goodPercent: 100 })).toEqual(['已售 3', '2 条评价', '好评率 100%']);
    expect(cardCounts({ sold: 12_345, reviewCount: 10_500, goodPercent: 98 })).toEqual(['已售 1.2万+', '1万+ 条评价', '好评率 98%']);
  });

  it('says nothing it cannot back: no 已售 0, no 0 条评价, no 好评率 without reviews', () => {
    expect(cardCounts({ sold: 0, reviewCount: 0, goodPercent: 0 })).toEqual([]);
    expect(cardCounts({ sold: 5, reviewCount: 0, goodPercent: 0 })).toEqual(['已售 5']);
    expect(cardCounts({ sold: 0, reviewCount: 1, goodPercent: 0 })).toEqual(['1 条评价', '好评率 0%']);
  });
});

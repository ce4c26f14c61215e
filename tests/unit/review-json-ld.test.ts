/** The product's JSON-LD with reviews: stars only when there are visible reviews, hostile text kept inside its script tag. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewAuthorName, type ReviewSummary, type ReviewView } from '@/lib/domain/review';
import { serializeInlineJson } from '@/lib/seo/inline-script';
import { productJsonLd, type ProductLd } from '@/lib/seo/json-ld';

const EVIL = '</script><script>alert(1)</script> "引号" \'单引号\' & <!-- \u2028';

const base: ProductLd = {
  id: 7,
  name: '量子加密耳机 Q1',
  description: '通话与音乐全程加密',
  category: '量子加密耳机',
  images: [{ src: '/images/products/q1-1.svg' }],
  skus: [{ name: '曜石黑', priceFen: 129_900, stock: 3 }],
};

function review(over: Partial<ReviewView> = {}): ReviewView {
  return {
    id: 1,
    rating: 5,
    content: '音质很好，降噪也不错',
    photos: [],
    skuName: '曜石黑',
    author: reviewAuthorName(null, '13800138008', true),
    createdAt: '2026-03-01T17:30:00.000Z',
    append: null,
    reply: null,
    ...over,
  };
}

const summary: ReviewSummary = { count: 3, average: 4.3, goodPercent: 67, counts: { all: 3, photos: 1, good: 2, neutral: 1, bad: 0, appended: 0 } };

type Ld = {
  aggregateRating?: Record<string, unknown>;
  review?: { '@type': string; author: { '@type': string; name: string }; datePublished: string; reviewBody: string; reviewRating: Record<string, unknown> }[];
};

beforeEach(() => vi.stubEnv('SITE_URL', 'https://shop.example.cn'));
afterEach(() => vi.unstubAllEnvs());

describe('productJsonLd with reviews', () => {
  it('carries a valid AggregateRating and the latest reviews with the masked name', () => {
    const latest = [review({ id: 2, rating: 4, content: '不错' }), review()];
    const ld = JSON.parse(serializeInlineJson(productJsonLd({ ...base, reviews: { summary, latest } }))) as Ld;
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(2);
    expect(ld.review![0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: '1****8' },
      // Beijing day: 17:30 UTC is 01:30 the next morning.
      datePublished: '2026-03-02',
      reviewBody: '不错',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
    expect(JSON.stringify(ld)).not.toContain('13800138008');
  });

  it('invents nothing without reviews', () => {
    for (const reviews of [undefined, { summary: { ...summary, count: 0, average: 0, goodPercent: 0, counts: { all: 0, photos: 0, good: 0, neutral: 0, bad: 0, appended: 0 } }, latest: [] }]) {
      const ld = JSON.parse(serializeInlineJson(productJsonLd({ ...base, reviews }))) as Record<string, unknown>;
      expect(ld).not.toHaveProperty('aggregateRating');
      expect(ld).not.toHaveProperty('review');
    }
  });

  it('keeps hostile review text and names inside the script tag, read back unchanged', () => {
    const hostile = review({ content: EVIL, author: `${EVIL}名` });
    const out = serializeInlineJson(productJsonLd({ ...base, reviews: { summary, latest: [hostile] } }));
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).not.toMatch(/[<>&\u2028]/);
    const ld = JSON.parse(out) as Ld;
    expect(ld.review![0].reviewBody).toBe(EVIL);
    expect(ld.review![0].author.name).toBe(`${EVIL}名`);
  });
});

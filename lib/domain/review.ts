/**
 * 评价: the names and shapes every part of the shop shares (docs/reviews.md): the filters of the
 * product page, which star counts are 好评 / 中评 / 差评, how an author is named in public, and the
 * review as the API and the pages show it. Pure: it also runs in the browser.
 */

export const REVIEW_FILTER_LABEL = {
  all: '全部',
  photos: '有图',
  good: '好评',
  neutral: '中评',
  bad: '差评',
  appended: '追评',
} as const;

export type ReviewFilter = keyof typeof REVIEW_FILTER_LABEL;
export const REVIEW_FILTERS = Object.keys(REVIEW_FILTER_LABEL) as [ReviewFilter, ...ReviewFilter[]];

/** 4–5 stars 好评, 3 中评, 1–2 差评 (as JD and Tmall count them). */
export function ratingBucket(rating: number): 'good' | 'neutral' | 'bad' {
  return rating >= 4 ? 'good' : rating === 3 ? 'neutral' : 'bad';
}

/** 好评率 in whole percent, as the product page and the cards print it: 0 without reviews. */
export function goodPercent(good: number, count: number): number {
  return count > 0 ? Math.round((good * 100) / count) : 0;
}

export const RATING_LABEL: Record<number, string> = { 1: '非常差', 2: '差', 3: '一般', 4: '好', 5: '非常好' };

/**
 * The public name of a review's author: the nickname when the shopper set one and did not ask for
 * 匿名评价; otherwise its first and last characters around four stars ("1****8" from a phone number),
 * so a phone number is never shown whole.
 */
export function reviewAuthorName(nickname: string | null, phone: string, anonymous: boolean): string {
  const name = nickname?.trim() || '';
  if (name && !anonymous) return name;
  const chars = Array.from(name || phone);
  return chars.length <= 1 ? `${chars[0] ?? '用'}****` : `${chars[0]}****${chars[chars.length - 1]}`;
}

export type ReviewPhoto = { url: string; width: number | null; height: number | null };

/** A review as the product page, the API and the JSON-LD read it. Times are ISO strings. */
export type ReviewView = {
  id: number;
  rating: number;
  content: string;
  photos: ReviewPhoto[];
  skuName: string;
  author: string;
  createdAt: string;
  append: { content: string; photos: ReviewPhoto[]; createdAt: string } | null;
  reply: { content: string; createdAt: string } | null;
};

/** A product's reviews in numbers (visible reviews only): average to one decimal, 好评 share in whole percent. */
export type ReviewSummary = {
  count: number;
  average: number;
  goodPercent: number;
  counts: Record<ReviewFilter, number>;
};

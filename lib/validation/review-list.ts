import { z } from 'zod';
import { REVIEW_FILTERS } from '../domain/review';

/** An empty parameter (?filter=) is the default. */
const blank = (v: unknown) => (v === '' ? undefined : v);

/** Digits only ("2", not "0x2" or "2.0"): the page of a review list. */
const PAGE = /^[1-9]\d{0,3}$/;

/**
 * ?filter=&page= of a product's reviews (docs/api.md#product-reviews). Unlike the catalog lists a bad
 * value is refused with a Chinese 400, not replaced: the chips and the pager only send good ones.
 */
export const reviewListQuerySchema = z.object({
  filter: z.preprocess(blank, z.enum(REVIEW_FILTERS, { error: '评价筛选不正确，可选：全部、有图、好评、中评、差评、追评' }).default('all')),
  page: z.preprocess(
    blank,
    z
      .string({ error: '页码不正确' })
      .regex(PAGE, '页码应为 1–9999 的整数')
      .transform(Number)
      .default(1),
  ),
});

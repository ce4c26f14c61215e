/** The console's review list filters and its hide / reply bodies (docs/api.md#operator-endpoints). */
import { z } from 'zod';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, REVIEW_SEARCH_MAX } from '../domain/review-rules';
import { dbId, pageFields, text } from './fields';
import { stripControl } from '../domain/control-chars';

/** 好评 / 中评 / 差评 (lib/domain/review.ts ratingBucket) or an exact number of stars. */
const REVIEW_STARS = ['good', 'neutral', 'bad', '5', '4', '3', '2', '1'] as const;
export type ReviewStars = (typeof REVIEW_STARS)[number];

const yesNo = z.enum(['yes', 'no']).optional().catch(undefined);

/** Every filter is optional and a bad value is dropped: a hand-edited URL still shows a list. */
export const adminReviewQuerySchema = z.object({
  productId: dbId('商品').optional().catch(undefined),
  stars: z.enum(REVIEW_STARS).optional().catch(undefined),
  photos: z.literal('yes').optional().catch(undefined),
  replied: yesNo,
  hidden: yesNo,
  q: z
    .string()
    .transform(stripControl)
    .pipe(z.string().trim().max(REVIEW_SEARCH_MAX))
    .optional()
    .catch(undefined),
  ...pageFields,
});

export const reviewHideSchema = z.object({ reason: text('隐藏原因', { max: REVIEW_HIDE_REASON_MAX, oneLine: true }) }, { error: '请填写隐藏原因' });

export const reviewReplySchema = z.object({ content: text('回复内容', { max: REVIEW_REPLY_MAX }) }, { error: '请填写回复内容' });

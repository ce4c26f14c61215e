/** Writing 评价 and 追评, and the shopper's own list (docs/api.md#reviews, docs/reviews.md). */
import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_PHOTOS_MAX } from '../domain/review-rules';
import { UPLOAD_ID } from './after-sale';
import { dbId, int, orderNo, pageFields, text } from './fields';

/** The photos of a review or its 追评: the shopper's uploads (POST /uploads), at most REVIEW_PHOTOS_MAX. */
const imageIds = z
  .array(z.string({ error: '图片不正确' }).regex(UPLOAD_ID, '图片不正确'), { error: '图片不正确' })
  .max(REVIEW_PHOTOS_MAX, `最多上传 ${REVIEW_PHOTOS_MAX} 张图片`)
  .refine((ids) => new Set(ids).size === ids.length, '同一张图片只能上传一次')
  .optional()
  .default([]);

/** The text as typed (line breaks kept, shown as text everywhere), 1..REVIEW_CONTENT_MAX after trimming. */
const content = (label: string) => text(label, { max: REVIEW_CONTENT_MAX });

export const createReviewSchema = z.object(
  {
    orderNo: orderNo('请选择要评价的订单'),
    orderItemId: dbId('评价的商品'),
    rating: int('评分', { min: 1, max: 5, tooSmall: '请选择 1 到 5 星', tooLarge: '请选择 1 到 5 星' }),
    content: content('评价内容'),
    imageIds,
    anonymous: z.boolean({ error: '匿名评价格式不正确' }).optional().default(false),
  },
  { error: '请填写评价' },
);

export const appendReviewSchema = z.object({ content: content('追评内容'), imageIds }, { error: '请填写追评' });

export const myReviewListSchema = z.object({ ...pageFields });

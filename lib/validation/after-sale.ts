/** After-sales requests and the console's operations on them (docs/api.md#after-sales). */
import { z } from 'zod';
import { AFTER_SALE_DESCRIPTION_MAX, AFTER_SALE_NO_LENGTH, AFTER_SALE_PHOTOS_MAX, AFTER_SALE_REJECT_REASON_MAX, AFTER_SALE_SEARCH_MAX, DB_INT_MAX, ORDER_LINES_MAX } from '../constants';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from '../after-sale';
import { MAX_LINE_QUANTITY } from '../quantity';
import { int, oneOf, optionalText, orderNo, pageFields, text } from './fields';

/** Our after-sales numbers: AFTER_SALE_NO_LENGTH digits. */
export const AFTER_SALE_NO = new RegExp(`^\\d{${AFTER_SALE_NO_LENGTH}}$`);
/** Upload ids: 32 lowercase hex digits from the CSPRNG. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

const item = z.object({
  orderItemId: int('商品', { min: 1, max: DB_INT_MAX }),
  quantity: int('退换数量', { min: 1, max: MAX_LINE_QUANTITY }),
});

/** What the request is about: the order, its type, lines and reason (the form's preview takes the same). */
export const afterSaleDraftSchema = z.object({
  orderNo: orderNo('请选择要申请售后的订单'),
  type: oneOf('售后类型', AFTER_SALE_TYPES),
  items: z.array(item, { error: '请选择要退换的商品' }).min(1, '请选择要退换的商品').max(ORDER_LINES_MAX, '请选择要退换的商品'),
  reason: oneOf('售后原因', AFTER_SALE_REASON_NAMES),
});

export const createAfterSaleSchema = afterSaleDraftSchema.extend({
  description: optionalText('问题描述', AFTER_SALE_DESCRIPTION_MAX),
  imageIds: z
    .array(z.string({ error: '图片不正确' }).regex(UPLOAD_ID, '图片不正确'), { error: '图片不正确' })
    .max(AFTER_SALE_PHOTOS_MAX, `最多上传 ${AFTER_SALE_PHOTOS_MAX} 张图片`)
    .optional()
    .default([]),
});

export const afterSaleListSchema = z.object({
  status: z.enum(AFTER_SALE_STATUSES).optional().catch(undefined),
  ...pageFields,
});

/** The console's queue: by state, type, number or order number. */
export const adminAfterSaleQuerySchema = afterSaleListSchema.extend({
  type: z.enum(AFTER_SALE_TYPES).optional().catch(undefined),
  q: z.string().trim().max(AFTER_SALE_SEARCH_MAX).optional().catch(undefined),
});

export const afterSaleRejectSchema = z.object({ reason: text('拒绝原因', { max: AFTER_SALE_REJECT_REASON_MAX, oneLine: true }) }, { error: '请填写拒绝原因' });

export const afterSaleReceiveSchema = z.object(
  { restock: z.boolean({ error: '请选择退回的商品入库还是报损' }) },
  { error: '请选择退回的商品入库还是报损' },
);

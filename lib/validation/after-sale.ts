/** After-sales requests and the console's operations on them (docs/api.md#after-sales). */
import { z } from 'zod';
import {
  AFTER_SALE_DESCRIPTION_MAX,
  AFTER_SALE_NO_LENGTH,
  AFTER_SALE_PHOTOS_MAX,
  AFTER_SALE_REJECT_REASON_MAX,
  AFTER_SALE_SEARCH_MAX,
  RETURN_SHIPPING_CAP_FEN,
} from '../domain/after-sale-rules';
import { ORDER_LINES_MAX } from '../domain/order-rules';
import { formatFen } from '../domain/money';
import { AFTER_SALE_REASON_NAMES, AFTER_SALE_STATUSES, AFTER_SALE_TYPES } from '../domain/after-sale';
import { MAX_LINE_QUANTITY } from '../domain/quantity';
import { dbId, int, oneOf, optionalText, orderNo, pageFields, text, waybillSchema } from './fields';
import { addressSchema } from './address';

/** Our after-sales numbers: AFTER_SALE_NO_LENGTH digits. */
export const AFTER_SALE_NO = new RegExp(`^\\d{${AFTER_SALE_NO_LENGTH}}$`);
/** Upload ids: 32 lowercase hex digits from the CSPRNG. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

const item = z.object({
  orderItemId: dbId('商品'),
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

/**
 * A yuan amount as typed ("12", "12.5", "12.00", or a number) → fen, at most two decimals, up to
 * RETURN_SHIPPING_CAP_FEN; zero only when `zero` (the operator's 不予补偿).
 */
function returnShippingYuan(label: string, zero: boolean) {
  const malformed = `${label}请填写金额（元），最多两位小数，如 12.00`;
  return z.union([z.string(), z.number()], { error: malformed }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: malformed });
      return z.NEVER;
    }
    const fen = Math.round(Number(s) * 100);
    if (fen === 0 && !zero) ctx.addIssue({ code: 'custom', message: `${label}应大于 0；没有运费可不填` });
    else if (fen > RETURN_SHIPPING_CAP_FEN) ctx.addIssue({ code: 'custom', message: `${label}最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}（商家承担的寄回运费上限）` });
    return fen;
  });
}

/** 填写退货物流: the waybill and, for a shop-fault return, the shipping paid (optional; docs/after-sales.md#return-shipping). */
export const returnShipmentSchema = waybillSchema.extend({
  shippingFee: z.preprocess((v) => (v === '' || v === null ? undefined : v), returnShippingYuan('寄回运费', false).optional()),
});

/** The operator's 运费补偿: the amount approved (0 refuses) and, when less than the shopper stated, why. */
export const returnShippingDecisionSchema = z.object(
  {
    amount: returnShippingYuan('补偿金额', true),
    reason: optionalText('原因', AFTER_SALE_REJECT_REASON_MAX, { oneLine: true }),
  },
  { error: '请填写补偿金额' },
);

/**
 * 预约上门取件 (docs/after-sales.md#pickup): a slot (its Beijing day and start, e.g. 2026-11-28 and 09:00) and
 * where the courier comes: one of the shopper's addresses (`addressId`), an address typed here (`address`,
 * checked as the address form is), or, with neither, the order's.
 */
export const pickupBookingSchema = z.object(
  {
    date: z.string({ error: '请选择上门日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '请选择上门日期'),
    start: z.string({ error: '请选择上门时段' }).regex(/^\d{2}:\d{2}$/, '请选择上门时段'),
    addressId: dbId('地址').optional(),
    address: addressSchema.omit({ isDefault: true }).optional(),
  },
  { error: '请选择上门时段' },
);

import { z } from 'zod';
import { couponCodeSchema } from './coupon';
import { ORDER_LINES_MAX, REMARK_MAX, SHOPPER_CANCEL_REASONS } from '../domain/order-rules';
import { ORDER_STATUSES } from '../domain/order-status';
import { lineQuantity } from './cart';
import { dbId, idempotencyKey, optionalText, pageFields } from './fields';

const line = z.object({
  skuId: dbId('商品规格'),
  quantity: lineQuantity(),
});

/** Said by this schema for 立即购买 and by the order service for the cart's selection. */
export const TOO_MANY_LINES = `一次最多购买 ${ORDER_LINES_MAX} 种商品`;

/**
 * What to buy: explicit lines (立即购买) or the selected lines of the cart. Never a price. A SKU
 * named twice is one line (the order service adds the quantities and checks them again). Told
 * apart by fromCart, so a bad line's own message (数量…) reaches the shopper, not the union's.
 */
const orderItemsSchema = z.discriminatedUnion(
  'fromCart',
  [
    z.object({
      fromCart: z.undefined().optional(),
      items: z.array(line, { error: '请选择商品' }).min(1, '请选择商品').max(ORDER_LINES_MAX, TOO_MANY_LINES),
    }),
    z.object({ fromCart: z.literal(true) }),
  ],
  { error: '请选择要购买的商品' },
);

export const previewSchema = z.intersection(
  orderItemsSchema,
  z.object({
    addressId: dbId('收货地址').optional(),
    // A coupon of the shopper's; null: 不使用优惠券; absent: the best one (docs/coupons.md#discount).
    couponId: dbId('优惠券').nullable().optional(),
    // A code typed at checkout: redeemed into the shopper's coupons, then used (instead of couponId).
    couponCode: couponCodeSchema.optional(),
  }),
);

export const createOrderSchema = z.intersection(
  previewSchema,
  z.object({
    // A textarea: line breaks may stay.
    remark: optionalText('订单备注', REMARK_MAX),
    idempotencyKey: idempotencyKey(),
  }),
);

/** The order list's filters: a state, or 待评价 (completed orders with a line still to review, docs/reviews.md). */
const ORDER_LIST_FILTERS = [...ORDER_STATUSES, 'to_review'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];

export const orderListSchema = z.object({
  status: z.enum(ORDER_LIST_FILTERS).optional().catch(undefined),
  ...pageFields,
});

/** 取消订单: one reason of the list (docs/rules.md#cancel-reasons). */
export const cancelOrderSchema = z.object({
  reason: z.enum(SHOPPER_CANCEL_REASONS, { error: '请选择取消原因' }),
});

/** 我的服务: a page of the shopper's activation codes. */
export const serviceCodeListSchema = z.object({ ...pageFields });

/** 我的服务: a page of the shopper's subscriptions. */
export const subscriptionListSchema = z.object({ ...pageFields });

import { z } from 'zod';
import { DB_INT_MAX, REMARK_MAX } from '../constants';
import { ORDER_STATUSES } from '../order-status';
import { MAX_LINE_QUANTITY } from './cart';
import { int, pageFields } from './fields';

const line = z.object({
  skuId: int('商品规格', { min: 1, max: DB_INT_MAX }),
  quantity: int('数量', { min: 1, max: MAX_LINE_QUANTITY }),
});

/** What to buy: explicit lines (立即购买) or the selected lines of the cart. Never a price. */
export const orderItemsSchema = z.union(
  [
    z.object({ items: z.array(line, { error: '请选择商品' }).min(1, '请选择商品').max(50, '一次最多购买 50 种商品') }),
    z.object({ fromCart: z.literal(true) }),
  ],
  { error: '请选择要购买的商品' },
);

export const previewSchema = z.intersection(
  orderItemsSchema,
  z.object({ addressId: int('收货地址', { min: 1, max: DB_INT_MAX }).optional() }),
);

export const createOrderSchema = z.intersection(
  previewSchema,
  z.object({
    remark: z.string({ error: '订单备注格式不正确' }).trim().max(REMARK_MAX, `订单备注不能超过 ${REMARK_MAX} 个字`).optional().default(''),
    idempotencyKey: z
      .string({ error: '请刷新页面后重新提交' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, '请刷新页面后重新提交'),
  }),
);

export const orderListSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  ...pageFields,
});

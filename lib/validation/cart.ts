import { z } from 'zod';
import { int } from './fields';

export const MAX_LINE_QUANTITY = 99;

export const addCartItemSchema = z.object({
  skuId: int('商品规格', { min: 1, max: 2_147_483_647 }),
  quantity: int('数量', { min: 1, max: MAX_LINE_QUANTITY }).default(1),
});

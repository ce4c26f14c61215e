import { z } from 'zod';
import { DB_INT_MAX } from '../constants';
import { int } from './fields';

export const MAX_LINE_QUANTITY = 99;

export const addCartItemSchema = z.object({
  skuId: int('商品规格', { min: 1, max: DB_INT_MAX }),
  quantity: int('数量', { min: 1, max: MAX_LINE_QUANTITY }).default(1),
});

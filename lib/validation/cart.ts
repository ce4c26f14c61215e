import { z } from 'zod';
import { DB_INT_MAX } from '../constants';
import { int } from './fields';

export const MAX_LINE_QUANTITY = 99;

export const addCartItemSchema = z.object({
  skuId: int('商品规格', { min: 1, max: DB_INT_MAX }),
  quantity: int('数量', { min: 1, max: MAX_LINE_QUANTITY }).default(1),
});

export const cartItemPatchSchema = z
  .object({
    quantity: int('数量', { min: 1, max: MAX_LINE_QUANTITY }).optional(),
    selected: z.boolean({ error: '选择状态格式不正确' }).optional(),
  })
  .refine((v) => v.quantity !== undefined || v.selected !== undefined, '请提供数量或选择状态');

export const selectAllSchema = z.object({ selected: z.boolean({ error: '选择状态格式不正确' }) });

import { z } from 'zod';
import { dbId, int } from './fields';
import { MAX_LINE_QUANTITY, QUANTITY_NOTICE } from '../domain/quantity';

/** A line's quantity as the API takes it (cart and orders): refused outside 1–99 with the words the shopper sees in the toast. */
export const lineQuantity = () => int('数量', { min: 1, max: MAX_LINE_QUANTITY, tooSmall: QUANTITY_NOTICE.min, tooLarge: QUANTITY_NOTICE.max });

export const addCartItemSchema = z.object({
  skuId: dbId('商品规格'),
  quantity: lineQuantity().default(1),
});

export const cartItemPatchSchema = z
  .object({
    quantity: lineQuantity().optional(),
    selected: z.boolean({ error: '选择状态格式不正确' }).optional(),
  })
  .refine((v) => v.quantity !== undefined || v.selected !== undefined, '请提供数量或选择状态');

export const selectAllSchema = z.object({ selected: z.boolean({ error: '选择状态格式不正确' }) });

import { z } from 'zod';
import { FAVORITES_MAX } from '../domain/favorites-and-history';
import { dbId, pageFields } from './fields';

const productId = () => dbId('商品');

/** DELETE /favorites: 批量删除 of the shopper's own favorites (docs/api.md#favorites-and-history). */
export const removeFavoritesSchema = z.object({
  productIds: z
    .array(productId(), { error: '请选择要删除的商品' })
    .min(1, '请选择要删除的商品')
    .max(FAVORITES_MAX, `一次最多删除 ${FAVORITES_MAX} 件商品`),
});

export const favoritesQuerySchema = z.object(pageFields);

/** POST /user/history: the product the shopper just viewed. */
export const recordViewSchema = z.object({ productId: productId() });

/** DELETE /user/history?productId=: one product; without it, the whole 足迹. */
export const clearHistorySchema = z.object({ productId: productId().optional() });

/**
 * 再次购买: the order's lines back in the cart at today's price and stock.
 *
 * 再次购买: the order's lines back in the cart, at today's price and stock (putBackInCart); 409 when none could go.
 */
import 'server-only';
import { getDb } from '../db/client';
import { conflict } from '../errors';
import { putBackInCart, type PutBack } from '../modules/cart';
import { findOwnOrder, orderItemsOf } from '../modules/order';

export async function rebuyOrder(userId: number, orderNo: string): Promise<PutBack & { notice: string }> {
  const db = await getDb();
  const o = await findOwnOrder(db, userId, orderNo);
  const lines = (await orderItemsOf(db, o.id)).map((i) => ({ skuId: i.skuId, productName: i.productName, skuName: i.skuName, quantity: i.quantity }));
  const result = await putBackInCart(userId, lines);
  const left = result.skipped.map((l) => `「${l.productName} ${l.skuName}」${l.reason}`).join('、');
  if (result.added.length === 0) throw conflict(`${left}，没有可以加入购物车的商品`);
  const capped = result.added.filter((l) => l.capped).map((l) => `「${l.productName} ${l.skuName}」库存仅剩 ${l.quantity} 件`);
  const notice = ['已加入购物车', left ? `${left}，未加入` : '', ...capped].filter(Boolean).join('；');
  return { ...result, notice };
}

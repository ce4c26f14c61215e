/** What the checkout buys, from its query: ?skuId=&quantity= (立即购买) or ?fromCart=1 (去结算). */
import { DB_INT_MAX } from '@/lib/domain/money';
import { queryValue, type PageQuery } from '@/lib/web/page-query';
import { MAX_LINE_QUANTITY } from '@/lib/domain/quantity';

export type CheckoutItems = { items: { skuId: number; quantity: number }[] } | { fromCart: true };

export function checkoutItems(query: PageQuery): CheckoutItems | null {
  if (queryValue(query, 'fromCart') === '1') return { fromCart: true };
  const skuId = Number(queryValue(query, 'skuId'));
  if (!Number.isInteger(skuId) || skuId < 1 || skuId > DB_INT_MAX) return null;
  const q = Number(queryValue(query, 'quantity') ?? 1);
  const quantity = Number.isInteger(q) ? Math.min(MAX_LINE_QUANTITY, Math.max(1, q)) : 1;
  return { items: [{ skuId, quantity }] };
}

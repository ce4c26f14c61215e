/**
 * How many of one line the shop accepts, and what the shopper is told when it changes a quantity.
 * Kept apart from the API's schemas (lib/validation/cart.ts) so the buy box and the cart's stepper
 * use the same rule without shipping the schema library to the browser.
 */
export const MAX_LINE_QUANTITY = 99;

/** What the shopper is told when the shop changes a quantity: the buy box, the cart and the API say the same (docs/rules.md#cart). */
export const QUANTITY_NOTICE = {
  min: '至少购买 1 件',
  max: `每件商品最多购买 ${MAX_LINE_QUANTITY} 件`,
  stock: (stock: number) => (stock > 0 ? `库存仅剩 ${stock} 件` : '该规格暂时缺货'),
};

/**
 * The quantity of one line the shop accepts for `wanted` units with `stock` left: 1 to min(stock, 99),
 * and the notice to show when that is not what was asked (null when it is).
 */
export function allowedQuantity(wanted: number, stock: number): { quantity: number; notice: string | null } {
  if (!Number.isFinite(wanted) || wanted < 1) return { quantity: 1, notice: QUANTITY_NOTICE.min };
  const n = Math.trunc(wanted);
  const cap = Math.min(stock, MAX_LINE_QUANTITY);
  if (n <= cap) return { quantity: n, notice: null };
  return { quantity: Math.max(1, cap), notice: stock < MAX_LINE_QUANTITY ? QUANTITY_NOTICE.stock(stock) : QUANTITY_NOTICE.max };
}

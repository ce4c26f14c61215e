/**
 * The console's 价格和库存 of one option: the catalog's guarded write, and, when it lowers the product's
 * price, whoever saved the product at a higher price hears of it (docs/messages.md#events), in the same
 * transaction — once per favorite and new price, the notice's key, so the same drop told again (two
 * saves of the form, a price raised and lowered back) is no second message.
 */
import 'server-only';
import { formatFen } from '../../domain/money';
import type { Tx } from '../db/client';
import { type AdminProduct, type PriceDrop, updateSku } from '../modules/catalog';
import { notify } from '../modules/messages';
import { favoritesSavedAbove } from '../modules/shopper-lists';

async function tellFavorites(tx: Tx, { productId, name, priceFen }: PriceDrop): Promise<void> {
  for (const f of await favoritesSavedAbove(tx, productId, priceFen)) {
    const params = { product: name, productId: String(productId), price: formatFen(priceFen), savedPrice: formatFen(f.savedPriceFen) };
    await notify(tx, f.userId, 'price_drop', params, `${f.userId}-${productId}:${priceFen}`);
  }
}

/** Price, list price (≥ price) and stock (≥ 0) of one SKU, with the price drop told. */
export function updateSkuPrices(actorUserId: number, skuId: number, input: unknown): Promise<AdminProduct> {
  return updateSku(actorUserId, skuId, input, tellFavorites);
}

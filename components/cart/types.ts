/** GET /cart and every cart mutation answer this (priced by the server). */
export type CartLine = {
  id: number;
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: 'device' | 'service';
  priceFen: number;
  quantity: number;
  selected: boolean;
  stock: number;
  /** On sale and in stock for the quantity: only these can be checked out. */
  available: boolean;
};

export type Cart = { items: CartLine[]; selectedCount: number; selectedTotalFen: number };

/** The swr key of the cart: every reader (page, badge) shares it. */
export const CART_KEY = '/cart';

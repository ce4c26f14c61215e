/** The cart as the API answers it: the server's own types (type-only, nothing of the server ships). */
export type { CartLine, CartView as Cart } from '@/lib/server/modules/cart';

/** The swr key of the cart: every reader (page, badge) shares it. */
export const CART_KEY = '/cart';

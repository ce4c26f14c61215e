/**
 * The cart of a visitor or a shopper, and which of its lines can be sold now.
 *
 * The cart of a visitor or a shopper, and what can be sold from it. The module's public surface: docs/architecture.md.
 */
export { addToCart, type CartLine, type CartOwner, type CartView, deleteCartItem, getCart, mergeAnonCart, type PutBack, putBackInCart, selectAllCartItems, selectedCartLines, updateCartItem } from './cart';
export { forgetUser } from './forget';
export { removeBoughtLines } from './bought';

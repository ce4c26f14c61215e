/**
 * The auth token's and the cart's cookies (docs/rules.md#sessions): their names, the token's copy in
 * localStorage and how long a login lasts. The browser's client, the proxy, the page guards and the
 * server's session checks read the same names.
 */

export const AUTH_COOKIE = 'auth-token';
export const AUTH_STORAGE_KEY = 'token';
export const AUTH_TOKEN_MAX_AGE_S = 604_800;
export const CART_COOKIE = 'cart-id';

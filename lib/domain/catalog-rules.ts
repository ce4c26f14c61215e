/**
 * The catalog's rules (docs/rules.md: search, product-cards, operator-console): the search box and
 * the price filter, what a search without results offers, how often 销量 is recounted, the lengths of
 * the console's product form, and when stock counts as low. Pure: the schemas, the screens and the
 * catalog's reads share them.
 */

/** The catalog's search box. */
export const SEARCH_MAX = 50;
/** The product list's price filter takes bounds up to this many yuan (docs/rules.md#search). */
export const PRICE_FILTER_MAX_YUAN = 1_000_000;
/** 销量 (units sold) is recounted at most this often; a catalog change recounts at once (docs/rules.md#search). */
export const SALES_REFRESH_SECONDS = 600;
/** How many best sellers a search without results shows (docs/rules.md#search). */
export const BEST_SELLERS_SHOWN = 4;
/** How many 热门搜索 words a search without results offers (docs/rules.md#search). */
export const SEARCH_SUGGESTIONS_SHOWN = 8;
/** The console's product form. */
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SUBTITLE_MAX = 200;
/** Stock at or below this shows 仅剩 N 件 on product pages. */
export const LOW_STOCK_THRESHOLD = 10;
/** How many of those the console's overview lists (fewest in stock first); the card counts them all. */
export const LOW_STOCK_LISTED = 20;

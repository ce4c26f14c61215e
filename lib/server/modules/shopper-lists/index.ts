/**
 * The shopper's own lists of products: 我的收藏 (favorites), 足迹 (browsing history) and 到货通知 (stock notices).
 *
 * The shopper's own lists of products: 我的收藏 (favorites), 足迹 (browsing history) and 到货通知 (stock
 * notices); the lists themselves, with the products' prices now, are views (lib/server/views/). The
 * module's public surface: docs/architecture.md.
 */
export { addFavorite, favoriteAndHistoryCounts, favoritesSavedAbove, isFavorite, removeFavorite, removeFavorites } from './favorites';
export { forgetUser } from './forget';
export { clearHistory, recordView } from './history';
export { cancelStockNotice, skusRestocked, subscribeStockNotice } from './stock-notices';

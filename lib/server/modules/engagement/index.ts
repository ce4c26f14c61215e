/** What keeps a shopper coming back: favorites, browsing history, 到货通知 (stock notices). The module's public surface: docs/architecture.md. */
export { addFavorite, type Favorite, favoriteAndHistoryCounts, isFavorite, listFavorites, removeFavorite, removeFavorites } from './favorites';
export { clearHistory, type HistoryItem, listHistory, recordView } from './history';
export { cancelStockNotice, listStockNotices, skusRestocked, type StockNotice, subscribeStockNotice } from './stock-notices';

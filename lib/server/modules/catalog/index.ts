/** The catalog: products, options (SKUs), categories, their cached reads, the operator's edits and the one writer of stock. The module's public surface: docs/architecture.md. */
export { type AdminProduct, type AdminSku, getAdminProduct, listAdminProducts, lowStockSku, type PriceDrop, updateProduct, updateSku } from './admin';
export { cachedCategories, cachedProduct, cachedSearchVocabulary, cachedSitemapProducts } from './cached';
export { reindexSearchWords } from './search-words';
export { type Category, listCategories, type ProductBase, type ProductDetail } from './catalog';
export { categorySlugExists, forgetProductIds, productIdExists } from './product-ids';
export { liveSkus, onSalePrice, productNow, type ProductNow, productNowColumns } from './product-now';
export { productOnSale, sellableSkusById, skuCards, type SoldSku } from './sku-cards';
export { productOfSlug, skuCodes, skuIdsByCode } from './for-subscriptions';
export { returnStock, takeStock } from './stock';
export { allNames, countExisting, namesOf, productExists } from './names';
export { pricesSince, protectDaysOf } from './price-history';

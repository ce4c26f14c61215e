/** The catalog: products, options (SKUs), categories, their cached reads and the operator's edits. The module's public surface: docs/architecture.md. */
export { type AdminProduct, type AdminSku, getAdminProduct, listAdminProducts, lowStockSku, updateProduct, updateSku } from './admin';
export { cachedBestSellers, cachedCategories, cachedFeaturedProducts, cachedProduct, cachedProductList, cachedProductsByIds, cachedProductsInCategory, cachedSearchSuggestions, cachedSitemapProducts } from './cached';
export { type Category, listBestSellers, listFeaturedProducts, listProductsByIds, listProductsInCategory, listSearchSuggestions, type ProductDetail, type ProductSummary } from './catalog';
export { categorySlugExists, forgetProductIds, productIdExists } from './product-ids';
export { liveSkus, onSalePrice, productNow, type ProductNow, productNowColumns } from './product-now';
export { allNames, countExisting, namesOf, productExists } from './names';

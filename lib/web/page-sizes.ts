/** The page sizes of the tables and lists (docs/rules.md#page-sizes): the choices offered, the default, the catalog's grid. */

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Product grids show 12 cards a page: three rows of four on desktop. */
export const CATALOG_PAGE_SIZE = 12;

/** Types of components/home/banner-widths.mjs. */
export const BANNER_WIDTHS: readonly number[];

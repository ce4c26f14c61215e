/**
 * The widths the home banners are rendered at (scripts/banners-raster.mjs) and offered in their srcset:
 * a phone's (about 412 CSS px at 1.75–2×) and the desktop container's 1200 px (a 3× phone takes it too).
 */
export const BANNER_WIDTHS = [720, 1200];

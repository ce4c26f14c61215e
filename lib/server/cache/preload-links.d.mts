/** Types of lib/server/cache/preload-links.mjs (a cached page's Link header). */
export function preloadLinks(html: string): string | null;

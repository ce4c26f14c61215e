/** Types of lib/server/cache/styles-inline.mjs. */
export function stylesInline(html: string, readStyle: (href: string) => string | null): string;

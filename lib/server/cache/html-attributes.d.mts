/** Types of lib/server/cache/html-attributes.mjs. */
export function attributes(text: string): Record<string, string>;

/**
 * A product picture as the products table keeps it (its `images` column) and the gallery shows it:
 * the file under public/, its description, and its size (set on the <img>, so the page does not jump).
 * Here, not in the schema, so client components can name it without importing lib/server
 * (eslint-rules/no-server-in-client.mjs).
 */
export type ProductImage = { src: string; alt: string; width: number; height: number };

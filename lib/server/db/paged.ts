/**
 * Paged lists: every table and list of the shop answers one page of its rows with the count of all
 * of them, in this one shape (`{ items, total, page, pageSize }` in docs/api.md).
 */
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** count(*) as a JS number (an int is plenty for any count of ours). */
export const countRows = sql<number>`count(*)::int`;

/**
 * Page `q.page` of `q.pageSize` rows (as the list schemas of lib/validation parse them):
 * `count` counts the matching rows (select { total: countRows } over the same filter),
 * `rows` selects them in order ($dynamic(), so this can add the limit and offset) and `map` turns
 * the page's rows into what the caller answers.
 */
export async function paged<S extends PgSelect, T>(
  q: { page: number; pageSize: number },
  count: PromiseLike<{ total: number }[]>,
  rows: S,
  map: (rows: Awaited<S>) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const [{ total }] = await count;
  const items = await map(await rows.limit(q.pageSize).offset((q.page - 1) * q.pageSize));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

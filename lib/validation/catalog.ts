import { z } from 'zod';
import { CATALOG_PAGE_SIZE, DB_INT_MAX, PAGE_SIZES, SEARCH_MAX } from '../constants';
import { pageFields, pageSizeField, stripControl } from './fields';

/** Query of GET /products and of the /ProductList and /Category pages. Bad values fall back. */
export const productQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional()
    .catch(undefined),
  q: z.string().overwrite(stripControl).trim().max(SEARCH_MAX).optional().catch(undefined).transform((v) => v || undefined),
  page: pageFields.page,
  pageSize: pageSizeField([CATALOG_PAGE_SIZE, ...PAGE_SIZES], CATALOG_PAGE_SIZE),
});


/** The id in /proc/{id}, written as we write it (digits, no leading zeros), or null. */
export function parseProductIdParam(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= DB_INT_MAX ? id : null;
}

export type ProductQuery = z.infer<typeof productQuerySchema>;

import { z } from 'zod';
import { CATALOG_PAGE_SIZE, DB_INT_MAX, PAGE_SIZES } from '../constants';
import { stripControl } from './fields';

/** Query of GET /products and of the /ProductList and /Category pages. Bad values fall back. */
export const productQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional()
    .catch(undefined),
  q: z.string().overwrite(stripControl).trim().max(50).optional().catch(undefined).transform((v) => v || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => n === CATALOG_PAGE_SIZE || (PAGE_SIZES as readonly number[]).includes(n))
    .catch(CATALOG_PAGE_SIZE)
    .default(CATALOG_PAGE_SIZE),
});

export type ProductQuery = z.output<typeof productQuerySchema>;

export const productIdSchema = z.coerce
  .number({ error: '商品编号不正确' })
  .int('商品编号不正确')
  .positive('商品编号不正确')
  .max(DB_INT_MAX, '商品编号不正确');

/** The id in /proc/{id}, written as we write it (digits, no leading zeros), or null. */
export function parseProductIdParam(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = productIdSchema.safeParse(raw);
  return id.success && String(id.data) === raw ? id.data : null;
}

import { z } from 'zod';
import { CATALOG_PAGE_SIZE, PAGE_SIZES } from '../web/page-sizes';
import { DB_INT_MAX } from '../domain/money';
import { PRICE_FILTER_MAX_YUAN } from '../domain/catalog-rules';
import { pageFields, pageSizeField } from './fields';
import { normalizeSearch } from '../domain/search-words';

/** How a product list is ordered (docs/routes.md#catalog-and-content-pages): 综合, 价格 up or down, 销量. */
export const PRODUCT_SORTS = ['default', 'price-asc', 'price-desc', 'sales'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];


const YUAN = /^\d{1,7}(?:\.\d{1,2})?$/;

/** A price bound in yuan as typed in the filter ("299", "99.5"); empty is no bound. Kept as its canonical text. */
function yuanBound(label: string) {
  return z
    .string({ error: `${label}格式不正确` })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!YUAN.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${label}请填写金额（元），如 299 或 99.5` });
        return z.NEVER;
      }
      const n = Number(v);
      if (n > PRICE_FILTER_MAX_YUAN) {
        ctx.addIssue({ code: 'custom', message: `${label}不能超过 ${PRICE_FILTER_MAX_YUAN} 元` });
        return z.NEVER;
      }
      return String(n);
    });
}

/**
 * Query of GET /products and of the /ProductList and /Category pages. The page, size, category and
 * search fall back when bad (a list always shows); the sort and the price range are refused with a
 * Chinese message naming the field (the API answers 400; a page shows the message: parseListQuery).
 */
export const productQuerySchema = z
  .object({
    category: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional()
      .catch(undefined),
    q: z.string().overwrite(normalizeSearch).optional().catch(undefined).transform((v) => v || undefined),
    sort: z
      .preprocess((v) => (v === '' || v === 'default' ? undefined : v), z.enum(PRODUCT_SORTS, { error: '排序方式不正确，可选：综合、价格、销量' }).optional()),
    minPrice: yuanBound('最低价格'),
    maxPrice: yuanBound('最高价格'),
    page: pageFields.page,
    pageSize: pageSizeField([CATALOG_PAGE_SIZE, ...PAGE_SIZES], CATALOG_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.minPrice !== undefined && v.maxPrice !== undefined && Number(v.minPrice) > Number(v.maxPrice)) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: '最低价格不能高于最高价格' });
    }
  });

export type ProductQuery = z.infer<typeof productQuerySchema>;

/**
 * A list page's query: what it can show, and the message of what it had to leave out. A refused sort
 * or price bound is dropped (and named in `error`), so a typo in the address never breaks the page.
 */
export function parseListQuery(raw: Record<string, unknown>): { query: ProductQuery; error?: string } {
  const input = { ...raw };
  let error: string | undefined;
  for (let tries = 0; tries < 4; tries++) {
    const r = productQuerySchema.safeParse(input);
    if (r.success) return { query: r.data, error };
    error ??= r.error.issues[0]?.message;
    for (const issue of r.error.issues) delete input[String(issue.path[0])];
  }
  return { query: productQuerySchema.parse({}), error };
}

/** The id in /proc/{id}, written as we write it (digits, no leading zeros), or null. */
export function parseProductIdParam(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= DB_INT_MAX ? id : null;
}

export type { AfterSale, AfterSaleSummary } from '@/lib/server/modules/after-sales/view';
export type { AfterSaleOptions } from '@/lib/server/modules/after-sales/shopper';
import type { previewAfterSale } from '@/lib/server/modules/after-sales/shopper';

/** What POST /aftersales/preview answers: the refund of each line, the shipping part, the total. */
export type AfterSalePreview = Awaited<ReturnType<typeof previewAfterSale>>;

export const afterSaleKey = (afterSaleNo: string) => `/aftersales/${encodeURIComponent(afterSaleNo)}`;

export type { AfterSale, AfterSaleSummary } from '@/lib/server/modules/after-sales';
export type { AfterSaleOptions } from '@/lib/server/modules/after-sales';
import type { previewAfterSale } from '@/lib/server/modules/after-sales';

/** What POST /aftersales/preview answers: the refund of each line, the shipping part, the total. */
export type AfterSalePreview = Awaited<ReturnType<typeof previewAfterSale>>;

export const afterSaleKey = (afterSaleNo: string) => `/aftersales/${encodeURIComponent(afterSaleNo)}`;

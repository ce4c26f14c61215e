import { withQuery } from '@/lib/query-string';

/** Where the order screens link to; proxy.ts moves each to the visitor's device variant. */
export const orderPaths = {
  detail: (orderNo: string, layout: 'mobile' | 'desktop' = 'mobile') =>
    withQuery(layout === 'desktop' ? '/OrderDetailPC' : '/OrderDetail', { orderNo }),
  pay: (orderNo: string) => withQuery('/PayDetail', { orderNo }),
  logistics: (orderNo: string) => withQuery('/OrderDistribute', { orderNo }),
};


export type { Order, OrderSummary, Preview } from '@/lib/server/flows/orders';
import type { Order, OrderSummary } from '@/lib/server/flows/orders';
import type { Page } from '@/lib/server/db/paged';

export type Totals = Pick<Order, 'itemsTotalFen' | 'shippingFen' | 'discountFen' | 'totalFen'>;
export type AddressSnapshot = NonNullable<Order['address']>;
export type OrderSummaryLine = OrderSummary['lines'][number];

export type OrderPage = Page<OrderSummary>;

export const orderKey = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;

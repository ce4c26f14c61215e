
export type { Order } from '@/lib/server/views/orders-detail';
export type { OrderSummary } from '@/lib/server/views/orders-list';
export type { Preview } from '@/lib/server/flows/checkout';
import type { Order } from '@/lib/server/views/orders-detail';
import type { OrderSummary } from '@/lib/server/views/orders-list';
import type { Page } from '@/lib/server/db/paged';

export type Totals = Pick<Order, 'itemsTotalFen' | 'shippingFen' | 'discountFen' | 'totalFen'>;
export type AddressSnapshot = NonNullable<Order['address']>;
export type OrderSummaryLine = OrderSummary['lines'][number];

export type OrderPage = Page<OrderSummary>;

export const orderKey = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;

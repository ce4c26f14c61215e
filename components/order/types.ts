
export type { Order, OrderLine, OrderSummary, Preview } from '@/lib/server/services/order';
import type { Order, OrderLine, OrderSummary } from '@/lib/server/services/order';

export type ProductKind = OrderLine['kind'];
export type Totals = Pick<Order, 'itemsTotalFen' | 'shippingFen' | 'discountFen' | 'totalFen'>;
export type AddressSnapshot = NonNullable<Order['address']>;
export type ShipmentEvent = Order['shipmentEvents'][number];
export type License = Order['licenses'][number];
export type OrderActions = Order['actions'];
export type OrderSummaryLine = OrderSummary['lines'][number];

export type OrderPage = { items: OrderSummary[]; total: number; page: number; pageSize: number };

export const orderKey = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;

import type { OrderStatus } from '@/lib/order-status';

export type ProductKind = 'device' | 'service';

/** One line of a preview or an order (prices are the server's snapshot). */
export type OrderLine = {
  skuId: number;
  productId: number;
  productName: string;
  skuName: string;
  image: string;
  kind: ProductKind;
  priceFen: number;
  quantity: number;
  subtotalFen: number;
};

export type Totals = { itemsTotalFen: number; shippingFen: number; discountFen: number; totalFen: number };

/** POST /orders/preview */
export type Preview = Totals & { lines: OrderLine[]; needsAddress: boolean };

export type AddressSnapshot = {
  name: string;
  tel: string;
  province: string;
  city: string;
  county: string;
  addressDetail: string;
  areaCode?: string;
};

export type ShipmentEvent = { description: string; location: string | null; occurredAt: string };
export type License = { productName: string; code: string; validUntil: string | null };
export type OrderActions = { pay: boolean; cancel: boolean; confirm: boolean; invoice: boolean; logistics: boolean };

/** GET /orders/{orderNo} */
export type Order = Totals & {
  orderNo: string;
  status: OrderStatus;
  kind: ProductKind | 'mixed';
  lines: OrderLine[];
  address: AddressSnapshot | null;
  remark: string | null;
  payDeadline: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  carrier: string | null;
  trackingNo: string | null;
  shipmentEvents: ShipmentEvent[];
  licenses: License[];
  actions: OrderActions;
};

export type OrderSummaryLine = Pick<OrderLine, 'productName' | 'skuName' | 'image' | 'quantity' | 'priceFen'>;

export type OrderSummary = {
  orderNo: string;
  status: OrderStatus;
  createdAt: string;
  totalFen: number;
  itemCount: number;
  lines: OrderSummaryLine[];
};

export type OrderPage = { items: OrderSummary[]; total: number; page: number; pageSize: number };

export const orderKey = (orderNo: string) => `/orders/${encodeURIComponent(orderNo)}`;

/** What an after-sales request looks like to the shopper (and, with more, to the console): one shape for the API and the screens, read by the views lib/server/views/after-sale.ts. */
import 'server-only';
import type { AfterSaleActor, AfterSaleReason, AfterSaleStatus, AfterSaleType } from '../../../domain/after-sale';
import type { RETURN_ADDRESS } from '../../../domain/after-sale-rules';
import type { RefundStatus } from '../../../domain/refund-status';
import type { PickupView } from './pickup';

/** `priceFen` is the list price; `paidUnitFen` what a unit cost after the order's coupon (paid_fen over the line's quantity, rounded down). */
type AfterSaleItem = { orderItemId: number; productName: string; skuName: string; image: string; priceFen: number; paidUnitFen: number; quantity: number; refundFen: number };
type AfterSaleImage = { id: string; url: string; width: number | null; height: number | null };

export type AfterSale = {
  afterSaleNo: string;
  orderNo: string;
  type: AfterSaleType;
  typeLabel: string;
  status: AfterSaleStatus;
  statusLabel: string;
  reason: AfterSaleReason;
  reasonLabel: string;
  /** Whose fault the reason is: the shop's refunds the shipping and pays the return. */
  fault: 'shop' | 'shopper';
  description: string;
  items: AfterSaleItem[];
  refundFen: number;
  shippingFen: number;
  rejectReason: string | null;
  /** Where to send the goods, once approved (退货退款 and 换货). */
  returnAddress: typeof RETURN_ADDRESS | null;
  returnShipment: { carrier: string; trackingNo: string } | null;
  /**
   * 运费补偿 (docs/after-sales.md#return-shipping), when the shopper stated the return's shipping: the
   * amount stated, what the shop approved (null: not yet decided; 0: refused) and why, and its refund.
   */
  returnShipping: {
    statedFen: number;
    approvedFen: number | null;
    note: string | null;
    refund: { refundNo: string; amountFen: number; status: RefundStatus; statusLabel: string; refundedAt: string | null } | null;
  } | null;
  reshipment: { carrier: string; trackingNo: string } | null;
  /** 上门取件 (docs/after-sales.md#pickup): the newest pickup booked for the return, in any state; null when none. */
  pickup: PickupView | null;
  restocked: boolean | null;
  images: AfterSaleImage[];
  timeline: { status: AfterSaleStatus; statusLabel: string; actor: AfterSaleActor; note: string; createdAt: string }[];
  /** When the clock moves it next (auto-approve, auto-withdraw, auto-complete), if it will. */
  dueAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** `pickup`: 预约上门取件 is offered (approved, not sent, no live pickup); `returnShipment` waits while one is live. */
  actions: { cancel: boolean; returnShipment: boolean; confirm: boolean; pickup: boolean };
};

export type AfterSaleSummary = Pick<AfterSale, 'afterSaleNo' | 'orderNo' | 'type' | 'typeLabel' | 'status' | 'statusLabel' | 'refundFen' | 'createdAt'> & {
  itemCount: number;
  items: Pick<AfterSaleItem, 'productName' | 'skuName' | 'image' | 'quantity'>[];
};


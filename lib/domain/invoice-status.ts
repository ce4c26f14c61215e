import type { OrderStatus } from './order-status';

/** Invoice states, kinds and titles (docs/states.md#invoice-statuses): the one list of names and their Chinese labels. */
export const INVOICE_STATUS_LABEL = {
  pending: '待开票',
  issued: '已开票',
  rejected: '已驳回',
} as const;

export type InvoiceStatus = keyof typeof INVOICE_STATUS_LABEL;
export const INVOICE_STATUSES = Object.keys(INVOICE_STATUS_LABEL) as [InvoiceStatus, ...InvoiceStatus[]];

export const INVOICE_TYPE_LABEL = {
  normal: '普通发票',
  special: '增值税专用发票',
} as const;

export type InvoiceType = keyof typeof INVOICE_TYPE_LABEL;
export const INVOICE_TYPES = Object.keys(INVOICE_TYPE_LABEL) as [InvoiceType, ...InvoiceType[]];

export const INVOICE_TITLE_TYPE_LABEL = {
  personal: '个人',
  company: '单位',
} as const;

export type InvoiceTitleType = keyof typeof INVOICE_TITLE_TYPE_LABEL;
export const INVOICE_TITLE_TYPES = Object.keys(INVOICE_TITLE_TYPE_LABEL) as [InvoiceTitleType, ...InvoiceTitleType[]];

/** An issued invoice whose order was refunded waits for its 红冲 (reversal) in the console. */
export const INVOICE_REVERSAL_LABEL = {
  pending: '待红冲',
  done: '已红冲',
} as const;

export type InvoiceReversal = keyof typeof INVOICE_REVERSAL_LABEL;
export const INVOICE_REVERSALS = Object.keys(INVOICE_REVERSAL_LABEL) as [InvoiceReversal, ...InvoiceReversal[]];

/** The order states in which an invoice may be requested (paid: 待发货, shipped: 待收货, completed: 已完成). */
export const INVOICEABLE_ORDER_STATUSES = ['paid', 'shipped', 'completed'] as const satisfies readonly OrderStatus[];

export const isInvoiceable = (s: OrderStatus) => (INVOICEABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(s);

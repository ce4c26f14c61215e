/**
 * 价保 (price protection, docs/rules.md#价保): a shopper who paid more for a line than the option sold for
 * later, within the product's window, gets the difference back for the units they keep. The rule is
 * pure (the claim flow feeds it what the database says) and browser-safe (the screens state it).
 */
import { DAY_MS } from './shop-time';
import type { ProductKind } from './product-kind';
import { lineShare } from './refund-split';

/** A new product's window, in days from payment (the operator sets each product's, 0 = no 价保). */
export const PRICE_PROTECT_DAYS_DEFAULT = 15;
/** The longest window the console accepts. */
export const PRICE_PROTECT_DAYS_MAX = 30;
/** The most claims one 一键价保 makes (the shopper's newest eligible lines first). */
export const PRICE_PROTECT_ALL_MAX = 50;

/** The promise the product page lists beside its others, or null when the product has none. */
export function priceProtectPromise(kind: ProductKind, days: number): string | null {
  return kind === 'service' || days <= 0 ? null : `支持 ${days} 天价保`;
}

/** A claim's states: its refund under way, settled, or refused by the provider (the line may be claimed again). */
export const PRICE_PROTECT_STATUS_LABEL = { refunding: '退款中', refunded: '已退款', failed: '退款失败' } as const;
export type PriceProtectStatus = keyof typeof PRICE_PROTECT_STATUS_LABEL;
export const PRICE_PROTECT_STATUSES = Object.keys(PRICE_PROTECT_STATUS_LABEL) as [PriceProtectStatus, ...PriceProtectStatus[]];

/** How a claim was made: from one line (订单详情, 我的价保) or by 一键价保. */
export const PRICE_PROTECT_SOURCES = ['line', 'all'] as const;
export type PriceProtectSource = (typeof PRICE_PROTECT_SOURCES)[number];

/** One price the option sold for, from `from` until the next one (the catalog's price history). */
export type PricePoint = { id: number; priceFen: number; from: Date };

/** Everything the rule looks at for one order line. */
export type ClaimFacts = {
  orderStatus: string;
  paidAt: Date | null;
  kind: ProductKind;
  /** The product's window now (0: not protected). */
  days: number;
  quantity: number;
  paidFen: number;
  /** Units of the line in after-sales requests that are open or refunded (exchanges done keep theirs). */
  countedRefundQty: number;
  /** An after-sales request of the line still open. */
  afterSaleOpen: boolean;
  /** What earlier claims on the line gave back (refunds under way and settled). */
  claimedFen: number;
  /** The option's price history, any order. */
  history: PricePoint[];
};

type ClaimRefusal =
  | 'not_paid'
  | 'closed'
  | 'not_protected'
  | 'expired'
  | 'after_sale'
  | 'refunded'
  | 'no_drop'
  | 'claimed';

export type ClaimJudgement =
  | { ok: true; amountFen: number; low: PricePoint; quantity: number; paidUnitFen: number; until: Date }
  | { ok: false; code: ClaimRefusal; reason: string; until: Date | null };

const KEPT_ORDER_STATUSES = ['paid', 'shipped', 'completed'];

/** When the line's window closes: `days` days after payment. */
export const windowEnd = (paidAt: Date, days: number) => new Date(paidAt.getTime() + days * DAY_MS);

/**
 * The lowest price the option sold for between payment and `until` (now, or the window's end if
 * earlier): every price in force at some moment of that span, the first of the lowest when several are
 * equal (the same drop told twice is one drop). Null when the history says nothing of the span.
 */
export function lowestSince(history: readonly PricePoint[], paidAt: Date, until: Date): PricePoint | null {
  const sorted = [...history].sort((a, b) => a.from.getTime() - b.from.getTime() || a.id - b.id);
  let low: PricePoint | null = null;
  sorted.forEach((p, i) => {
    const next = sorted[i + 1];
    const inForce = p.from <= until && (!next || next.from > paidAt);
    if (inForce && (!low || p.priceFen < low.priceFen)) low = p;
  });
  return low;
}

/**
 * Whether a line may be claimed now, and for how much: what the kept units were paid (their share
 * after coupons, split as an after-sales refund splits it) less the lowest price since payment times
 * those units, less what earlier claims on the line gave back. Every refusal in Chinese.
 */
export function judgeClaim(f: ClaimFacts, now: Date = new Date()): ClaimJudgement {
  const no = (code: ClaimRefusal, reason: string, until: Date | null = null): ClaimJudgement => ({ ok: false, code, reason, until });
  if (f.orderStatus === 'pending_payment' || !f.paidAt) return no('not_paid', '订单付款后才能申请价保');
  if (!KEPT_ORDER_STATUSES.includes(f.orderStatus)) return no('closed', '订单已取消或已退款，不能申请价保');
  if (f.kind === 'service' || f.days <= 0) return no('not_protected', '该商品不支持价保');
  const until = windowEnd(f.paidAt, f.days);
  if (now > until) return no('expired', `已超过价保期限（付款后 ${f.days} 天）`, until);
  if (f.afterSaleOpen) return no('after_sale', '该商品正在售后中，不能申请价保', until);
  if (f.countedRefundQty > 0) return no('refunded', '该商品已申请退款，不能申请价保', until);
  const quantity = f.quantity;
  const paidKept = lineShare({ id: 0, quantity: f.quantity, paidFen: f.paidFen, countedQty: 0, countedRefundQty: 0, countedRefundFen: 0 }, quantity);
  const low = lowestSince(f.history, f.paidAt, now);
  const paidUnitFen = Math.floor(paidKept / quantity);
  if (!low || low.priceFen * quantity >= paidKept) return no('no_drop', '商品价格未低于您的实付单价，暂无差价可退', until);
  const amountFen = paidKept - low.priceFen * quantity - f.claimedFen;
  if (amountFen <= 0) return no('claimed', '本次降价已申请过价保，价格再降低时可再次申请', until);
  return { ok: true, amountFen, low, quantity, paidUnitFen, until };
}

/**
 * Whether a paid service order may still be refunded (docs/subscriptions.md#refunds-of-renewals): the one
 * rule for a purchase of codes, 加席位, 续费 and 升级. Within the window of the after-sales rules (7 days from
 * payment, `AFTER_SALE_RULES.refund_only.service`), an order is refunded only while nothing it bought has
 * been used: no code of it activated, no day it added begun, no seat added on top of the edition it bought.
 */
import { DAY_MS } from './shop-time';

/** What the rule needs to know of a paid service order, by what it bought. */
export type PaidServiceOrder =
  /** Codes of new subscriptions (an ordinary purchase). */
  | { kind: 'purchase'; codeActivated: boolean }
  /** 加席位: new codes under an existing subscription. */
  | { kind: 'seats'; codeActivated: boolean }
  /** 续费: `addedDays` at the end of a term that now ends at `endsAt`; `automatic`, charged by 自动续费. */
  | { kind: 'renew'; endsAt: Date; addedDays: number; automatic?: boolean }
  /** 升级: the subscription's seats now, and whether its edition is still the one this order bought. */
  | { kind: 'upgrade'; seats: number; stillUpgraded: boolean };

/**
 * Null when the order may be refunded, else why not, as the shopper reads it. A renewal may be given back
 * while the term without its days still ends in the future: the days it added have not begun (a renewal
 * of a lapsed subscription or in its 宽限期 began at once, so it never may), or when 自动续费 charged it.
 */
export function serviceRefundRefusal(o: PaidServiceOrder, now: Date): string | null {
  switch (o.kind) {
    case 'purchase':
      return o.codeActivated ? '该订单已有激活码被激活，不能再退款' : null;
    case 'seats':
      return o.codeActivated ? '新增席位已有激活码被激活，不能再退款' : null;
    case 'renew':
      // A year 自动续费 charged is given back whole within the window though its days began: the shopper who
      // forgot to stop it gets the money back, and the term its end (docs/subscriptions.md#refunds-of-renewals).
      if (o.automatic) return null;
      return o.endsAt.getTime() - o.addedDays * DAY_MS > now.getTime() ? null : '续费的服务期已开始，不能再退款';
    case 'upgrade':
      if (!o.stillUpgraded) return '该服务的版本已变更，不能再退回升级';
      return o.seats > 1 ? '升级后已增加席位，不能再退回升级' : null;
  }
}

/**
 * 续费 and 升级 are one change to one subscription: they come back whole (a part of a renewal's units is
 * no day the shopper could point at). 加席位 and purchases come back by the code, as any order's lines.
 */
export const refundedWhole = (kind: PaidServiceOrder['kind']): boolean => kind === 'renew' || kind === 'upgrade';

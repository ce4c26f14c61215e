/**
 * 注销账号 rules shared by the service and the settings screen (docs/privacy.md#deregistration):
 * what still counts as under way, the marker that replaces the phone, and how an order's delivery
 * address is masked for the books.
 */
import type { AfterSaleStatus } from './after-sale';
import type { OrderStatus } from './order-status';
import { maskPhone } from '../validation/phone';

/** Orders that block deregistration: unpaid, or paid and not yet completed (docs/states.md#order-states). */
export const UNFINISHED_ORDER_STATUSES = ['pending_payment', 'paid', 'shipped', 'refunding'] as const satisfies readonly OrderStatus[];

/** After-sales still open (docs/after-sales.md#moves): anything but refunded, completed, rejected, cancelled. */
export const UNFINISHED_AFTER_SALE_STATUSES = ['pending_review', 'awaiting_return', 'returning', 'received', 'refunding', 'reshipped'] as const satisfies readonly AfterSaleStatus[];

/** What a deregistered account's phone becomes: unique, readable in the console, never a valid phone number. */
export const deregisteredPhone = (userId: number) => `已注销#${userId}`;

type Snapshot = { name: string; tel: string; province: string; city: string; county: string; areaCode: string; addressDetail: string };

/** 张三 / 13800000000 / 科学大道 9 号 → 张** / 138****0000 / （已注销）: the region stays for the books. */
export function maskAddressSnapshot<T extends Snapshot>(s: T): T {
  return { ...s, name: `${Array.from(s.name.trim())[0] ?? ''}**`, tel: maskPhone(s.tel), addressDetail: '（已注销）' };
}

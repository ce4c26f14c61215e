/**
 * The pay screens' question "is this order paid already?", asked on the server (the page and its
 * title) once per request: the logged-in shopper's own order, paid and not since refunded.
 */
import 'server-only';
import { cache } from 'react';
import { getPageUser } from '@/lib/auth/page-session';
import type { OrderStatus } from '@/lib/domain/order-status';
import type { PageQuery } from '@/lib/web/page-query';
import { queryValue } from '@/lib/web/page-query';
import { getOrder } from '@/lib/server/flows/order-page';
import { type Order } from '@/lib/server/views/orders-detail';

/** The states a paid order is in until something goes back (a service order completes at once). */
const PAID: readonly OrderStatus[] = ['paid', 'shipped', 'completed'];

const paidOrderOf = cache(async (orderNo: string): Promise<Order | null> => {
  const user = await getPageUser();
  if (!user) return null;
  try {
    const o = await getOrder(user.id, orderNo);
    return o.paidAt && PAID.includes(o.status) ? o : null;
  } catch {
    return null; // not the shopper's, or no such order: the screen says so itself
  }
});

export function paidOrder(query: PageQuery): Promise<Order | null> {
  const orderNo = queryValue(query, 'orderNo');
  return orderNo ? paidOrderOf(orderNo) : Promise.resolve(null);
}

/**
 * /Order (mobile): the orders of the chosen status tab as cards. The first page is rendered on the
 * server like every logged-in list; 加载更多 then appends the next pages in the browser.
 */
import { DEFAULT_PAGE_SIZE } from '@/lib/web/page-sizes';
import type { OrderListFilter } from '@/lib/validation/order';
import { listOrders } from '@/lib/server/flows/order-list';
import { NoOrders } from './no-orders';
import { OrderCards } from './order-cards';

export async function OrderFeed({ userId, status }: { userId: number; status?: OrderListFilter }) {
  const first = await listOrders(userId, { status, page: 1, pageSize: DEFAULT_PAGE_SIZE });
  if (first.total === 0) return <NoOrders />;
  return <OrderCards first={first} status={status} />;
}

'use client';
/** The mobile order list from its first page on: the cards so far, 共 N 个订单 once all are shown, or 加载更多. */
import { useState } from 'react';
import { api } from '@/lib/api/client';
import { DEFAULT_PAGE_SIZE } from '@/lib/web/page-sizes';
import type { OrderListFilter } from '@/lib/validation/order';
import { withQuery } from '@/lib/web/query-string';
import { useSubmit } from '@/components/ui/use-form-state';
import { OrderCard } from './order-card';
import type { OrderPage } from './types';

export function OrderCards({ first, status }: { first: OrderPage; status?: OrderListFilter }) {
  const [later, setLater] = useState<OrderPage[]>([]);
  // A new first page from the server (another tab, the same tab again) starts the list over.
  const [shown, setShown] = useState(first);
  if (shown !== first) {
    setShown(first);
    setLater([]);
  }
  const { busy, submit } = useSubmit();
  const orders = [first, ...later].flatMap((p) => p.items);
  const more = orders.length < first.total;
  const loadMore = () =>
    submit(async () => {
      const next = await api.get<OrderPage>(withQuery('/orders', { status, page: later.length + 2, pageSize: DEFAULT_PAGE_SIZE }));
      setLater((pages) => [...pages, next]);
    });
  return (
    <div className="order-feed">
      <ul className="order-cards">
        {orders.map((o) => (
          <li key={o.orderNo}>
            <OrderCard order={o} />
          </li>
        ))}
      </ul>
      <p className="center muted small" aria-live="polite">
        {more ? null : `共 ${first.total} 个订单，已全部显示`}
      </p>
      {more ? (
        <button type="button" className="btn btn-ghost btn-block" disabled={busy} onClick={loadMore}>
          {busy ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}

'use client';
/** /Order (mobile): the orders of the chosen status tab as cards, 加载更多 appends the next page. */
import useSWRInfinite from 'swr/infinite';
import Link from 'next/link';
import { swrFetcher } from '@/lib/api/client';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import type { OrderStatus } from '@/lib/order-status';
import { withQuery } from '@/lib/query-string';
import { OrderCard } from './order-card';
import type { OrderPage } from './types';

export function OrderFeed({ status }: { status?: OrderStatus }) {
  const { data, error, size, setSize, isLoading, isValidating } = useSWRInfinite<OrderPage>(
    (i, prev: OrderPage | null) => (prev && prev.page * prev.pageSize >= prev.total ? null : withQuery('/orders', { status, page: i + 1, pageSize: DEFAULT_PAGE_SIZE })),
    swrFetcher<OrderPage>,
  );
  if (error && !data) return <p className="card empty" role="alert">订单加载失败，请刷新页面重试。</p>;
  if (!data || isLoading) return <p className="card empty" aria-busy="true">加载中…</p>;
  const orders = data.flatMap((p) => p.items);
  const total = data[0]?.total ?? 0;
  if (orders.length === 0) {
    return (
      <section className="card empty">
        <p>暂无订单。</p>
        <Link href="/ProductList" className="btn btn-ghost">
          去逛逛
        </Link>
      </section>
    );
  }
  const more = orders.length < total;
  const loadingMore = isValidating && size > data.length;
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
        {more ? null : `共 ${total} 个订单，已全部显示`}
      </p>
      {more ? (
        <button type="button" className="btn btn-ghost btn-block" disabled={loadingMore} onClick={() => setSize(size + 1)}>
          {loadingMore ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}

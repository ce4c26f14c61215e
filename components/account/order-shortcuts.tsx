import Link from 'next/link';
import { Icon, type IconName } from '@/components/layout/icons';
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import { withQuery } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { shortcutCounts } from '@/lib/server/views/orders-shortcuts';

/** A count on a shortcut: hidden at 0, capped at 99+ as every Chinese shop shows it. */
function Badge({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <span className="shortcut-badge" aria-hidden="true">
      {n > 99 ? '99+' : n}
    </span>
  );
}

/** 我的 (mobile): 我的订单 with 全部订单 and a shortcut per state the shopper waits on, each with its count. */
export async function OrderShortcuts({ userId }: { userId: number }) {
  const counts = await shortcutCounts(userId);
  const orders = screenHref('orders', 'mobile');
  const items: { href: string; label: string; icon: IconName; n: number }[] = [
    { href: withQuery(orders, { status: 'pending_payment' }), label: ORDER_STATUS_LABEL.pending_payment, icon: 'wallet', n: counts.pending_payment },
    { href: withQuery(orders, { status: 'paid' }), label: ORDER_STATUS_LABEL.paid, icon: 'box', n: counts.paid },
    { href: withQuery(orders, { status: 'shipped' }), label: ORDER_STATUS_LABEL.shipped, icon: 'truck', n: counts.shipped },
    { href: withQuery(orders, { status: 'to_review' }), label: '待评价', icon: 'review', n: counts.toReview },
    { href: screenHref('afterSales', 'mobile'), label: '售后', icon: 'aftersale', n: counts.afterSales },
  ];
  return (
    <section className="card order-shortcuts" aria-labelledby="order-shortcuts-title">
      <div className="spread">
        <h2 id="order-shortcuts-title">我的订单</h2>
        <Link href={orders} prefetch={false} className="muted small tap">
          全部订单 ›
        </Link>
      </div>
      <ul>
        {items.map((s) => (
          <li key={s.label}>
            <Link href={s.href} prefetch={false} aria-label={s.n > 0 ? `${s.label}（${s.n}）` : s.label}>
              <span className="shortcut-icon">
                <Icon name={s.icon} size={26} />
                <Badge n={s.n} />
              </span>
              <span>{s.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

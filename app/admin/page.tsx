import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { SHOP_NAME } from '@/lib/shop-identity';
import { formatFen } from '@/lib/domain/money';
import { getDashboard } from '@/lib/server/views/dashboard';
import { waitedFor } from '@/lib/domain/support';

// The layout's title template reaches child segments only, so the console's own index spells it out.
export const metadata: Metadata = { title: { absolute: `概览 - ${SHOP_NAME}运营后台` } };

export default async function AdminDashboardPage() {
  await requirePageOperator();
  const d = await getDashboard();
  // Every card links to the list it counts; today's takings to today's orders (the paid ones among them).
  const today = `/admin/orders?from=${d.day}&to=${d.day}`;
  return (
    <>
      <h1>概览</h1>
      <p className="muted small">
        统计日：{d.day}（北京时间） · <Link href="/admin/stats">查看数据：成交额、退款与走势 →</Link>
      </p>
      <dl className="admin-cards">
        <div className="admin-card">
          <dt>今日订单</dt>
          <dd>
            <Link href={today}>{d.ordersToday}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>今日收入（{d.paidToday} 笔已付款）</dt>
          <dd>
            <Link href={today}>{formatFen(d.revenueTodayFen)}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>待发货订单</dt>
          <dd>
            <Link href="/admin/orders?status=paid">{d.toShip}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>待开发票</dt>
          <dd>
            <Link href="/admin/invoices">{d.invoicesPending}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>待审核售后</dt>
          <dd>
            <Link href="/admin/aftersales?status=pending_review">{d.afterSalesToReview}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>退货待收货</dt>
          <dd>
            <Link href="/admin/aftersales?status=returning">{d.afterSalesToReceive}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>待回复差评</dt>
          <dd>
            <Link href="/admin/reviews?stars=bad&replied=no&hidden=no">{d.badReviewsToReply}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>库存不足（≤ {d.lowStockThreshold} 件）</dt>
          <dd>
            <Link href="/admin/products?stock=low">{d.lowStockCount}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>客服待接入{d.supportLongestWaitSince ? `（最长已等 ${waitedFor(d.supportLongestWaitSince)}）` : ''}</dt>
          <dd>
            <Link href="/admin/support">{d.supportWaiting}</Link>
          </dd>
        </div>
        <div className="admin-card">
          <dt>待重试的通知</dt>
          <dd>
            <Link href="/admin/outbox">{d.failingNotices}</Link>
          </dd>
        </div>
      </dl>
      <section className="admin-panel" aria-labelledby="low-stock">
        <h2 id="low-stock">库存不足的商品规格</h2>
        {d.lowStockCount > d.lowStock.length ? (
          <p className="muted small">
            共 {d.lowStockCount} 个规格库存不足，这里列出库存最少的 {d.lowStock.length} 个。
          </p>
        ) : null}
        {d.lowStock.length ? (
          <DataTable
            caption="库存不足的商品规格"
            hideCaption
            wrapClass="admin-table"
            head={['商品', '规格', '库存', '操作']}
            rows={d.lowStock.map((s) => ({
              key: String(s.skuId),
              cells: [s.productName, s.skuName, `${s.stock} 件`, <Link key="e" href={`/admin/products/${s.productId}`}>补货 / 修改</Link>],
            }))}
          />
        ) : (
          <p className="muted">所有在售规格库存充足。</p>
        )}
      </section>
    </>
  );
}

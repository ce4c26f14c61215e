import Link from 'next/link';
import { StatsTopChart, StatsTrendChart } from '@/components/admin/stats-charts';
import { SearchStatsSection } from '@/components/admin/search-stats-section';
import { SubscriptionStatsSection } from '@/components/admin/subscription-stats-section';
import { PriceProtectStatsSection } from '@/components/admin/price-protect-stats-section';
import { PickupStatsSection } from '@/components/admin/pickup-stats-section';
import { getPickupStats } from '@/lib/server/views/pickup-stats';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { formatFen } from '@/lib/domain/money';
import { shopDay } from '@/lib/domain/shop-time';
import { changePercent, STATS_EARLIEST_DAY, STATS_GRANULARITIES, STATS_GRANULARITY_LABEL, STATS_LATEST_DAY, STATS_MAX_DAYS, statsPresets } from '@/lib/domain/stats';
import { getStats, type StatsTotals } from '@/lib/server/views/stats';
import { getSubscriptionStats } from '@/lib/server/views/subscription-stats';
import { getPriceProtectStats } from '@/lib/server/views/price-protect-stats';
import { SEARCH_STATS_DAYS, SEARCH_STATS_ROWS } from '@/lib/domain/search-words';
import { searchQueryStats } from '@/lib/server/modules/search';
import { statsQuerySchema } from '@/lib/validation/stats';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import './stats.css';

export const metadata = { title: '数据' };

type Props = { searchParams: Promise<PageQuery> };

type Figure = { key: keyof StatsTotals; label: string; money: boolean; note?: string };

/** The cards, in the order an operator reads them; refunds going up is bad news, so its arrow is not green. */
const FIGURES: Figure[] = [
  { key: 'paidFen', label: '成交额', money: true, note: '付款订单的实付金额，按付款日' },
  { key: 'netFen', label: '净收入', money: true, note: '成交额 − 退款' },
  { key: 'refundedFen', label: '退款', money: true, note: '按退款到账日' },
  { key: 'ordersPaid', label: '付款订单', money: false },
  { key: 'ordersPlaced', label: '下单数', money: false },
  { key: 'buyers', label: '付款人数', money: false },
  { key: 'averageOrderFen', label: '客单价', money: true, note: '成交额 ÷ 付款订单' },
  { key: 'discountFen', label: '优惠券抵扣', money: true },
];

function Change({ now, before, upIsBad }: { now: number; before: number; upIsBad?: boolean }) {
  const pct = changePercent(now, before);
  if (pct === null && now === 0) return <span className="stats-change">持平</span>;
  if (pct === null) return <span className={`stats-change ${(now > 0) !== Boolean(upIsBad) ? 'stats-good' : 'stats-bad'}`}>{now > 0 ? '新增' : '减少'}</span>;
  if (pct === 0) return <span className="stats-change">持平</span>;
  const up = pct > 0;
  const good = upIsBad ? !up : up;
  return (
    <span className={`stats-change ${good ? 'stats-good' : 'stats-bad'}`}>
      <span aria-hidden="true">{up ? '↑' : '↓'}</span>
      <span className="sr-only">{up ? '上升' : '下降'}</span>
      {Math.abs(pct)}%
    </span>
  );
}

export default async function AdminStatsPage({ searchParams }: Props) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const parsed = statsQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : statsQuerySchema.parse({});
  const [s, subs, searches, protect] = await Promise.all([getStats(q), getSubscriptionStats(q), searchQueryStats(SEARCH_STATS_DAYS, SEARCH_STATS_ROWS), getPriceProtectStats(q)]);
  // 上门取件 of returns (docs/stats.md#pickups).
  const pickups = await getPickupStats(q);
  const today = shopDay();
  const presets = statsPresets(today);
  const query = { from: s.from, to: s.to, granularity: s.granularity };
  const show = (f: Figure, v: number) => (f.money ? formatFen(v) : v.toLocaleString('zh-CN'));
  const rateText = `${(s.afterSales.rate * 100).toFixed(2)}%`;
  const maxType = Math.max(1, ...s.afterSales.byType.map((t) => t.count));
  const maxReason = Math.max(1, ...s.afterSales.byReason.map((r) => r.count));
  return (
    <>
      <h1>数据</h1>
      <form className="admin-filters stats-filters" method="get" action="/admin/stats" role="search" aria-label="统计范围">
        <nav className="stats-presets" aria-label="快捷日期">
          {presets.map((p) => (
            <Link key={p.key} href={withQuery('/admin/stats', { from: p.from, to: p.to, granularity: s.granularity })} className="stats-preset" aria-current={p.from === s.from && p.to === s.to ? 'true' : undefined}>
              {p.label}
            </Link>
          ))}
        </nav>
        <div className="field">
          <label htmlFor="s-from">开始日期</label>
          <input id="s-from" name="from" type="date" min={STATS_EARLIEST_DAY} max={STATS_LATEST_DAY} defaultValue={s.from} />
        </div>
        <div className="field">
          <label htmlFor="s-to">结束日期</label>
          <input id="s-to" name="to" type="date" min={STATS_EARLIEST_DAY} max={STATS_LATEST_DAY} defaultValue={s.to} />
        </div>
        <div className="field">
          <label htmlFor="s-g">粒度</label>
          <select id="s-g" name="granularity" defaultValue={s.granularity}>
            {STATS_GRANULARITIES.map((g) => (
              <option key={g} value={g}>
                按{STATS_GRANULARITY_LABEL[g]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-sm">
          查询
        </button>
      </form>
      {parsed.success ? null : (
        <p className="admin-notice" role="alert">
          {parsed.error.issues[0]?.message ?? '统计范围不正确'}，已显示近 30 天。
        </p>
      )}
      <p className="muted small">
        {s.from} 至 {s.to}（北京时间，最长 {STATS_MAX_DAYS} 天），与上一周期 {s.previousFrom} 至 {s.previousTo} 相比。
      </p>

      <dl className="admin-cards stats-cards">
        {FIGURES.map((f) => (
          <div key={f.key} className="admin-card stats-card" data-figure={f.key}>
            <dt>
              {f.label}
              {f.note ? <span className="stats-note">{f.note}</span> : null}
            </dt>
            <dd>
              <span className="stats-value">{show(f, s.totals[f.key])}</span>
              <span className="stats-prev">
                上一周期 {show(f, s.previous[f.key])} <Change now={s.totals[f.key]} before={s.previous[f.key]} upIsBad={f.key === 'refundedFen'} />
              </span>
            </dd>
          </div>
        ))}
      </dl>

      <section className="admin-panel" aria-labelledby="trend">
        <h2 id="trend">成交额与订单走势（按{STATS_GRANULARITY_LABEL[s.granularity]}）</h2>
        <StatsTrendChart points={s.series.map((p) => ({ date: p.date, paidFen: p.paidFen, netFen: p.netFen, ordersPaid: p.ordersPaid, ordersPlaced: p.ordersPlaced }))} />
      </section>

      <div className="stats-grid">
        <section className="admin-panel" aria-labelledby="top">
          <h2 id="top">热销商品（按成交额）</h2>
          {s.topProducts.length ? (
            <>
              <StatsTopChart products={s.topProducts} />
              <DataTable
                caption="热销商品"
                hideCaption
                wrapClass="admin-table"
                head={['商品', '件数', '成交额']}
                rows={s.topProducts.map((p) => ({ key: String(p.productId), cells: [p.name, `${p.units} 件`, formatFen(p.paidFen)] }))}
              />
            </>
          ) : (
            <p className="muted">这段时间没有付款的订单。</p>
          )}
        </section>
        <section className="admin-panel" aria-labelledby="aftersales">
          <h2 id="aftersales">售后</h2>
          <p className="small">
            共 {s.afterSales.total} 个申请，售后率 <strong>{rateText}</strong>
            <span className="muted">（申请数 ÷ 付款订单数）</span> · <Link href="/admin/aftersales">去处理售后</Link>
          </p>
          <h3 className="stats-sub">按类型</h3>
          <ul className="stats-bars">
            {s.afterSales.byType.map((t) => (
              <li key={t.key}>
                <span>{t.label}</span>
                <span className="stats-bar" style={{ width: `${(t.count / maxType) * 100}%` }} aria-hidden="true" />
                <span className="stats-count">{t.count}</span>
              </li>
            ))}
          </ul>
          <h3 className="stats-sub">按原因</h3>
          <ul className="stats-bars">
            {s.afterSales.byReason.map((r) => (
              <li key={r.key}>
                <span>{r.label}</span>
                <span className="stats-bar" style={{ width: `${(r.count / maxReason) * 100}%` }} aria-hidden="true" />
                <span className="stats-count">{r.count}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <SubscriptionStatsSection s={subs} />
      <PriceProtectStatsSection s={protect} />
      <PickupStatsSection p={pickups} />
      <SearchStatsSection days={SEARCH_STATS_DAYS} {...searches} />

      <section aria-labelledby="detail">
        <div className="admin-toolbar">
          <h2 id="detail">明细</h2>
          <a className="btn btn-ghost btn-sm" href={withQuery('/api/v1/admin/stats/export', query)} download>
            导出 CSV
          </a>
        </div>
        <DataTable
          caption="按日期的明细"
          hideCaption
          wrapClass="admin-table"
          head={['日期', '下单数', '付款订单', '付款人数', '成交额', '退款', '净收入', '优惠券抵扣']}
          rows={[
            ...s.series.map((p) => ({
              key: p.date,
              cells: [p.date, p.ordersPlaced, p.ordersPaid, p.buyers, formatFen(p.paidFen), formatFen(p.refundedFen), formatFen(p.netFen), formatFen(p.discountFen)],
            })),
            {
              key: 'total',
              cells: [<strong key="t">合计</strong>, s.totals.ordersPlaced, s.totals.ordersPaid, s.totals.buyers, formatFen(s.totals.paidFen), formatFen(s.totals.refundedFen), formatFen(s.totals.netFen), formatFen(s.totals.discountFen)],
            },
          ]}
        />
        <p className="muted small">付款人数的合计按整个范围去重，不等于各行相加。</p>
      </section>
    </>
  );
}

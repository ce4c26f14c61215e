/**
 * 数据's 订阅 section: renewals due in the next 30 days and what they would bring, ARR, 自动续费's share of
 * the live subscriptions, and the renewal rate of each month of the range (docs/subscriptions.md#figures).
 */
import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import { formatFen } from '@/lib/domain/money';
import { GRACE_DAYS } from '@/lib/domain/subscription';
import type { SubscriptionStats } from '@/lib/server/views/subscription-stats';

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

export function SubscriptionStatsSection({ s }: { s: SubscriptionStats }) {
  return (
    <section className="admin-panel" aria-labelledby="subs">
      <h2 id="subs">订阅</h2>
      <dl className="admin-cards stats-cards">
        <div className="admin-card stats-card" data-figure="dueYearFen">
          <dt>
            {s.due.days} 天内到期
            <span className="stats-note">按今日价格续费一年可带来</span>
          </dt>
          <dd>
            <span className="stats-value">{formatFen(s.due.yearFen)}</span>
            <span className="stats-prev">
              <Link href="/admin/subscriptions?list=due">
                {s.due.count} 个订阅，{s.due.seats} 个席位
              </Link>
            </span>
          </dd>
        </div>
        <div className="admin-card stats-card" data-figure="arrFen">
          <dt>
            ARR（年度经常性收入）
            <span className="stats-note">生效中、即将到期、宽限期的订阅 × 席位 × 今日年价</span>
          </dt>
          <dd>
            <span className="stats-value">{formatFen(s.arrFen)}</span>
            <span className="stats-prev">{s.live} 个有效订阅</span>
          </dd>
        </div>
        <div className="admin-card stats-card" data-figure="autoRenew">
          <dt>
            自动续费占比
            <span className="stats-note">有效订阅中签约生效的</span>
          </dt>
          <dd>
            <span className="stats-value">{percent(s.autoRenew.share)}</span>
            <span className="stats-prev">
              {s.autoRenew.count} / {s.live} 个订阅
            </span>
          </dd>
        </div>
      </dl>
      <h3 className="stats-sub">按月续费率（按服务期结束的月份）</h3>
      <DataTable
        caption="按月续费率"
        hideCaption
        wrapClass="admin-table"
        head={['月份', '到期', '已续费', '未续费', '待定', '续费率']}
        rows={s.renewal.map((m) => ({ key: m.month, cells: [m.month, m.ended, m.renewed, m.lapsed, m.open, m.rate === null ? '—' : percent(m.rate)] }))}
      />
      <p className="muted small">
        续费率 = 到期后 {GRACE_DAYS} 天宽限期结束前续费的 ÷（已续费 + 宽限期结束仍未续费的）；仍在服务期或宽限期内、尚未续费的计为待定。金额按各版本今日价格计算。
      </p>
    </section>
  );
}

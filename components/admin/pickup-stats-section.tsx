/**
 * 数据's 上门取件 section (docs/stats.md#pickups): the couriers booked for returns in the range, beside the
 * period before, and what became of them (collected, cancelled, failed, still waiting).
 */
import Link from 'next/link';
import { changePercent } from '@/lib/domain/stats';
import type { PickupStats } from '@/lib/server/views/pickup-stats';

export function PickupStatsSection({ p }: { p: PickupStats }) {
  const pct = changePercent(p.booked, p.bookedBefore);
  const change = pct === null ? (p.booked ? '新增' : '持平') : `${pct > 0 ? '+' : ''}${pct}%`;
  const waiting = p.booked - p.collected - p.cancelled - p.failed;
  const rows: [string, number][] = [
    ['已取件', p.collected],
    ['已取消', p.cancelled],
    ['预约失败', p.failed],
    ['待上门', waiting],
  ];
  return (
    <section className="admin-panel" aria-labelledby="pickup-stats">
      <h2 id="pickup-stats">上门取件</h2>
      <p className="small">
        预约上门取件 <strong data-testid="pickups-booked">{p.booked}</strong> 次
        <span className="muted">（上一周期 {p.bookedBefore}，{change}）</span> · <Link href="/admin/aftersales">去处理售后</Link>
      </p>
      <ul className="stats-bars">
        {rows.map(([label, n]) => (
          <li key={label}>
            <span>{label}</span>
            <span className="stats-bar" style={{ width: `${(n / Math.max(1, p.booked)) * 100}%` }} aria-hidden="true" />
            <span className="stats-count">{n}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

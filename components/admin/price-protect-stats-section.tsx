/** 数据's 价保 section: claims and their amounts per point of the range, and what went back (docs/stats.md#价保). */
import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import { formatFen } from '@/lib/domain/money';
import type { PriceProtectStats } from '@/lib/server/views/price-protect-stats';

export function PriceProtectStatsSection({ s }: { s: PriceProtectStats }) {
  return (
    <section className="admin-panel" aria-labelledby="price-protect-stats">
      <h2 id="price-protect-stats">价保</h2>
      <p className="muted small">
        申请 {s.totals.claims} 笔，共 {formatFen(s.totals.claimedFen)}；已退回 {formatFen(s.totals.refundedFen)}（按退款到账日）。<Link href="/admin/price-protect">查看价保申请</Link>
      </p>
      <DataTable
        caption="价保申请与退款"
        hideCaption
        wrapClass="admin-table"
        head={['日期', '价保申请', '申请金额', '已退回']}
        rows={[
          ...s.series.map((p) => ({ key: p.date, cells: [p.date, String(p.claims), formatFen(p.claimedFen), formatFen(p.refundedFen)] })),
          { key: 'total', cells: ['合计', String(s.totals.claims), formatFen(s.totals.claimedFen), formatFen(s.totals.refundedFen)] },
        ]}
      />
    </section>
  );
}

/** 操作记录 of one order or after-sales request: who did what when, from the audit log. */
import { formatTime } from '@/components/order/format-time';
import type { AuditRow } from '@/lib/server/views/audit-log';

export function AuditPanel({ rows }: { rows: AuditRow[] }) {
  return (
    <section className="admin-panel" aria-labelledby="audit-panel">
      <h2 id="audit-panel">操作记录</h2>
      {rows.length ? (
        <ul className="small">
          {rows.map((r) => (
            <li key={r.id}>
              {formatTime(r.at)} {r.actor} {r.actionLabel}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">暂无运营操作。</p>
      )}
    </section>
  );
}

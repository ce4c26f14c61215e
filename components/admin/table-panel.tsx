/** A console panel that is one titled table (an order's lines, payments, refunds, after-sales requests). */
import { DataTable, type DataRow } from '@/components/ui/data-table';

export function TablePanel({ id, title, head, rows, children }: { id: string; title: string; head: React.ReactNode[]; rows: DataRow[]; children?: React.ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <DataTable caption={title} hideCaption wrapClass="admin-table" head={head} rows={rows} />
      {children}
    </section>
  );
}

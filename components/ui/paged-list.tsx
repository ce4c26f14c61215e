/**
 * A shopper's paged list in its two shapes: on a phone a feed of cards with the count and the pager;
 * on a desktop a table with 每页 N 条, the count and the pager. The lists (invoices, after-sales) give
 * their cards, their table and how they count (「共 3 张发票」).
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { pageHref } from '@/lib/web/query-string';
import { PageSizeSelect } from './page-size-select';
import { Pagination } from './pagination';

type Props = {
  device: Device;
  basePath: string;
  query: Record<string, string | undefined>;
  page: { page: number; pageSize: number; total: number };
  /** 「共 N 张发票」 */
  counted: string;
  cards: { key: string; card: React.ReactNode }[];
  table: React.ReactNode;
  tableClass?: string;
};

export function PagedList({ device, basePath, query, page, counted, cards, table, tableClass = 'order-table' }: Props) {
  const pager = <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(p) => pageHref(basePath, query, p, page.pageSize)} />;
  if (device === 'mobile') {
    return (
      <div className="invoice-feed">
        <ul className="order-cards">
          {cards.map((c) => (
            <li key={c.key}>{c.card}</li>
          ))}
        </ul>
        <p className="center muted small">{counted}</p>
        {pager}
      </div>
    );
  }
  return (
    <div className={tableClass}>
      {table}
      <div className="spread order-table-foot">
        <PageSizeSelect basePath={basePath} pageSize={page.pageSize} query={query} />
        <span className="muted small">{counted}</span>
      </div>
      {pager}
    </div>
  );
}

/** What a list shows with nothing in it: why, where such things come from, and a way there. */
export function EmptyList({ message, hint, href, action }: { message: string; hint: string; href: string; action: string }) {
  return (
    <section className="card empty">
      <p>{message}</p>
      <p className="small">{hint}</p>
      <Link href={href} className="btn btn-ghost" prefetch={false}>
        {action}
      </Link>
    </section>
  );
}

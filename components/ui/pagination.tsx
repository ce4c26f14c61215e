import Link from 'next/link';

/** Link-based pagination (works without JavaScript). `href(page)` builds each page's URL. */
export function Pagination({ page, pageSize, total, href }: { page: number; pageSize: number; total: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="分页">
      {page > 1 ? <Link href={href(page - 1)}>上一页</Link> : null}
      {Array.from({ length: pages }, (_, i) => i + 1).map((p) =>
        p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <Link key={p} href={href(p)}>
            {p}
          </Link>
        ),
      )}
      {page < pages ? <Link href={href(page + 1)}>下一页</Link> : null}
    </nav>
  );
}

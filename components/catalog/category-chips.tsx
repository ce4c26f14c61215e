import Link from 'next/link';
import type { Category } from '@/lib/server/services/catalog';

/** Category filter as links (no JavaScript): 全部 plus one chip per category. */
export function CategoryChips({ categories, active, href }: { categories: Category[]; active?: string; href: (slug?: string) => string }) {
  return (
    <nav className="chips" aria-label="商品分类">
      <Link className="chip" href={href()} aria-current={!active ? 'page' : undefined}>
        全部
      </Link>
      {categories.map((c) => (
        <Link key={c.slug} className="chip" href={href(c.slug)} aria-current={active === c.slug ? 'page' : undefined}>
          {c.name}
        </Link>
      ))}
    </nav>
  );
}

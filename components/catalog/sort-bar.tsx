/**
 * 综合 / 价格 / 销量 as links (no JavaScript). 价格 toggles: from any other order it sorts up, and
 * tapped again while sorting up it sorts down; its arrow says which.
 */
import Link from 'next/link';
import type { ProductQuery, ProductSort } from '@/lib/validation/catalog';
import { listHref } from './list-href';

export function SortBar({ query }: { query: ProductQuery }) {
  const sort = query.sort;
  const price = sort === 'price-asc' || sort === 'price-desc';
  const items: { label: string; arrow?: string; to?: ProductSort; current: boolean; hint?: string }[] = [
    { label: '综合', current: !sort },
    {
      label: '价格',
      arrow: sort === 'price-desc' ? '↓' : sort === 'price-asc' ? '↑' : '↕',
      to: sort === 'price-asc' ? 'price-desc' : 'price-asc',
      current: price,
      hint: sort === 'price-asc' ? '从低到高，再点从高到低' : sort === 'price-desc' ? '从高到低，再点从低到高' : '按从低到高排序',
    },
    { label: '销量', to: 'sales', current: sort === 'sales' },
  ];
  return (
    <nav className="sort-bar" aria-label="排序">
      {items.map((i) => (
        <Link key={i.label} href={listHref(query, { sort: i.to })} aria-current={i.current ? 'true' : undefined} prefetch={false} rel="nofollow">
          {i.label}
          {i.arrow ? <span aria-hidden="true"> {i.arrow}</span> : null}
          {i.hint ? <span className="sr-only">（{i.hint}）</span> : null}
        </Link>
      ))}
    </nav>
  );
}

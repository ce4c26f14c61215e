import Link from 'next/link';
import { screenHref } from '@/lib/domain/screens';
import { favoriteAndHistoryCounts } from '@/lib/server/modules/shopper-lists';
import './favorites.css';

/** 我的 (phone): 商品收藏 · 浏览记录 with their counts, in a row under the shopper's name, as JD shows them. */
export async function OwnCounts({ userId }: { userId: number }) {
  const n = await favoriteAndHistoryCounts(userId);
  const items = [
    { href: screenHref('favorites', 'mobile'), label: '商品收藏', n: n.favorites },
    { href: screenHref('history', 'mobile'), label: '浏览记录', n: n.history },
  ];
  return (
    <nav className="card own-counts" aria-label="收藏与足迹">
      {items.map((i) => (
        <Link key={i.label} href={i.href} prefetch={false}>
          <strong>{i.n}</strong>
          <span>{i.label}</span>
        </Link>
      ))}
    </nav>
  );
}

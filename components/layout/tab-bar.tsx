'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Icon } from './icons';
import { TABS } from './nav-links';

/** The mobile bottom tab bar: 首页 分类 购物车 我的. */
export function TabBar() {
  const pathname = usePathname();
  return (
    <nav className="tab-bar mobile-only" aria-label="底部导航">
      {TABS.map((t) => (
        <Link key={t.href} href={t.href} prefetch={false} aria-current={pathname === t.href ? 'page' : undefined}>
          <Icon name={t.icon} />
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

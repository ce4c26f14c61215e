'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CartBadge } from '@/components/cart/cart-badge';
import { UnreadBadge } from '@/components/messages/unread-badge';
import { Icon } from './icons';
import { hasOwnBottomBar, TABS } from './nav-links';

/** The mobile bottom tab bar: 首页 分类 购物车 我的 (not on pages with a bar of their own). */
export function TabBar() {
  const pathname = usePathname();
  if (hasOwnBottomBar(pathname)) return null;
  return (
    <nav className="tab-bar mobile-only" aria-label="底部导航">
      {TABS.map((t) => (
        <Link key={t.href} href={t.href} prefetch={false} aria-current={pathname === t.href ? 'page' : undefined}>
          <span className="tab-icon">
            <Icon name={t.icon} />
            {t.icon === 'cart' ? <CartBadge /> : null}
            {t.icon === 'user' ? <UnreadBadge /> : null}
          </span>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

import Link from 'next/link';
import { CartBadge } from '@/components/cart/cart-badge';
import { UnreadBadge } from '@/components/messages/unread-badge';
import { screenHref } from '@/lib/domain/screens';
import { HeaderAccount } from './header-account';
import { Icon } from './icons';
import { Logo } from './logo';
import { MAIN_NAV } from './nav-links';
import { HeaderSearch } from './header-search';

export function DesktopHeader() {
  return (
    <header className="site-header desktop-only">
      <div className="container bar">
        <Logo />
        <nav className="site-nav" aria-label="主导航">
          {MAIN_NAV.map((l) => (
            <Link key={l.href} href={l.href} prefetch={false}>
              {l.label}
            </Link>
          ))}
        </nav>
        <HeaderSearch />
        <div className="header-links">
          {/* A bell without a word: the header's row has no room for another label before the nav wraps. */}
          <Link href={screenHref('messages', 'desktop')} prefetch={false} className="cart-link header-bell" title="消息中心">
            <Icon name="bell" size={20} />
            <span className="sr-only">消息中心</span>
            <UnreadBadge />
          </Link>
          <Link href={screenHref('cart', 'desktop')} prefetch={false} className="cart-link">
            购物车
            <CartBadge />
          </Link>
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}

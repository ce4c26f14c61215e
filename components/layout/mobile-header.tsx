import Link from 'next/link';
import { SHOP_NAME } from '@/lib/constants';
import { Icon } from './icons';

export function MobileHeader() {
  return (
    <header className="mobile-header mobile-only">
      <Link href="/" className="logo" style={{ color: '#fff' }}>
        {SHOP_NAME}
      </Link>
      <Link href="/ProductList" aria-label="搜索商品" prefetch={false}>
        <Icon name="search" />
      </Link>
    </header>
  );
}

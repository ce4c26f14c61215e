import Link from 'next/link';
import { SHOP_NAME } from '@/lib/shop-identity';
import { MobileSearch } from './mobile-search';

export function MobileHeader() {
  return (
    <header className="mobile-header mobile-only">
      <Link href="/" className="logo" style={{ color: '#fff' }}>
        {SHOP_NAME}
      </Link>
      <MobileSearch />
    </header>
  );
}

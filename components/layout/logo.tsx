import Link from 'next/link';
import { SHOP_NAME } from '@/lib/shop-identity';

export function Logo({ className = 'logo' }: { className?: string }) {
  return (
    <Link href="/" className={className} aria-label={`${SHOP_NAME}首页`}>
      <img src="/images/logo.svg" alt="" width={28} height={28} />
      <span>{SHOP_NAME}</span>
    </Link>
  );
}

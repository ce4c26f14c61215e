import type { Metadata } from 'next';
import { ShopChrome } from '@/components/layout/shop-chrome';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = {
  title: { absolute: '404 - 页面未找到' },
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <ShopChrome>
      <NotFoundView />
    </ShopChrome>
  );
}

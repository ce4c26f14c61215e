import { ShopChrome } from '@/components/layout/shop-chrome';

export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return <ShopChrome>{children}</ShopChrome>;
}

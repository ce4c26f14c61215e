'use client';
/**
 * The phone's bottom bar on a product page, in place of the tab bar (components/layout/tab-bar.tsx):
 * 客服, 购物车 with its count (read after render: the page is cached), the 收藏 heart, 加入购物车 and
 * 立即购买 of the chosen option.
 */
import Link from 'next/link';
import { CartBadge } from '@/components/cart/cart-badge';
import { FavoriteButton } from '@/components/favorites/favorite-button';
import { Icon } from '@/components/layout/icons';
import { screenHref } from '@/lib/domain/screens';
import { useProductChoice } from './product-choice';

export function BuyBar({ productId }: { productId: number }) {
  const { soldOut, busy, addToCart, buyNow } = useProductChoice();
  return (
    <div className="buy-bar mobile-only" role="group" aria-label="底部购买栏">
      <Link href={`/Support?productId=${productId}`} prefetch={false} className="buy-bar-link">
        <span className="tab-icon">
          <Icon name="service" />
        </span>
        客服
      </Link>
      <Link href={screenHref('cart', 'mobile')} prefetch={false} className="buy-bar-link">
        <span className="tab-icon">
          <Icon name="cart" />
          <CartBadge />
        </span>
        购物车
      </Link>
      <FavoriteButton productId={productId} />
      <button type="button" className="btn btn-ghost buy-bar-btn" onClick={addToCart} disabled={busy || soldOut}>
        加入购物车
      </button>
      <button type="button" className="btn btn-warm buy-bar-btn" onClick={buyNow} disabled={soldOut}>
        立即购买
      </button>
    </div>
  );
}

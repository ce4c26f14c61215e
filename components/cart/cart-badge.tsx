'use client';
/** The number of pieces in the cart, on the header's 购物车 link and the tab bar's 购物车 tab. */
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api/client';
import { CART_KEY, type Cart } from './types';

export function CartBadge() {
  const { data } = useSWR<Cart>(CART_KEY, swrFetcher<Cart>, { shouldRetryOnError: false });
  const count = data ? data.items.reduce((n, i) => n + i.quantity, 0) : 0;
  if (!count) return null;
  return (
    <span className="cart-badge" data-testid="cart-badge">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> 件商品</span>
    </span>
  );
}

'use client';
/** The cart through swr (shared key with the badge) and its mutations, each answered by the new cart. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import useSWR, { mutate as globalMutate } from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { CART_KEY, type Cart, type CartLine } from './types';

/** After any cart change elsewhere (加入购物车, an order placed): refresh every cart reader and the badge. */
export function refreshCart(cart?: Cart) {
  return cart ? globalMutate(CART_KEY, cart, { revalidate: false }) : globalMutate(CART_KEY);
}

export function useCart() {
  const swr = useSWR<Cart>(CART_KEY, swrFetcher<Cart>);
  const [pending, setPending] = useState(0);
  /** Sends a change; `guess` shows its likely effect at once (the server's answer then replaces it). */
  const apply = async (p: () => Promise<Cart>, guess?: (c: Cart) => Cart) => {
    setPending((n) => n + 1);
    if (guess && swr.data) void swr.mutate(guess(swr.data), { revalidate: false });
    try {
      const cart = await p();
      // The shop changed the quantity asked for (stock, 99 a line): the server says so in the toast's words.
      if (cart.notice) toast(cart.notice, { id: 'quantity' });
      await swr.mutate(cart, { revalidate: false });
    } catch {
      // The API client toasted the reason; re-read to show the server's truth.
      await swr.mutate();
    } finally {
      setPending((n) => n - 1);
    }
  };
  return {
    ...swr,
    /** A change is on its way to the server (去结算 waits for it). */
    busy: pending > 0,
    setQuantity: (id: number, quantity: number) =>
      apply(() => api.patch<Cart>(`/cart/items/${id}`, { quantity }), (c) => edit(c, (i) => (i.id === id ? { ...i, quantity } : i))),
    setSelected: (id: number, selected: boolean) =>
      apply(() => api.patch<Cart>(`/cart/items/${id}`, { selected }), (c) => edit(c, (i) => (i.id === id ? { ...i, selected } : i))),
    selectAll: (selected: boolean) => apply(() => api.patch<Cart>('/cart/select', { selected }), (c) => edit(c, (i) => ({ ...i, selected }))),
    remove: (id: number) => apply(() => api.delete<Cart>(`/cart/items/${id}`)),
  };
}

/** The cart with its lines changed; totals stay the server's until it answers. */
function edit(cart: Cart, f: (line: CartLine) => CartLine): Cart {
  return { ...cart, items: cart.items.map(f) };
}

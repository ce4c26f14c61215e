'use client';
/**
 * The option and quantity a shopper has chosen on a product page, shared by the islands that show or
 * use them: the gallery (the option's own picture), the buy box and the phone's bottom bar
 * (加入购物车, 立即购买). The page itself stays a cached server page; this only holds client state.
 */
import { createContext, useContext, useState } from 'react';
import toast from 'react-hot-toast';
import type { Cart } from '@/components/cart/types';
import { refreshCart } from '@/components/cart/use-cart';
import { useSubmit } from '@/components/ui/use-form-state';
import { api } from '@/lib/api/client';
import { screenHref } from '@/lib/domain/screens';
import { allowedQuantity } from '@/lib/domain/quantity';

export type ChoiceSku = { id: number; name: string; priceFen: number; listPriceFen: number; stock: number; image: string | null };

type Choice = {
  skus: ChoiceSku[];
  sku: ChoiceSku;
  choose: (skuId: number) => void;
  quantity: number;
  setQuantity: (q: number) => void;
  soldOut: boolean;
  busy: boolean;
  addToCart: () => void;
  buyNow: () => void;
};

const ChoiceContext = createContext<Choice | null>(null);

export function useProductChoice(): Choice {
  const c = useContext(ChoiceContext);
  if (!c) throw new Error('useProductChoice outside <ProductChoice>');
  return c;
}

/** The option shown first: the first one in stock (a sold-out option cannot be chosen), else the first. */
function firstChoice<S extends { stock: number }>(skus: S[]): S {
  return skus.find((s) => s.stock > 0) ?? skus[0];
}

export function ProductChoice({ skus, children }: { skus: ChoiceSku[]; children: React.ReactNode }) {
  const [skuId, setSkuId] = useState(() => firstChoice(skus).id);
  const [quantity, setQuantity] = useState(1);
  const { busy, submit } = useSubmit();
  const sku = skus.find((s) => s.id === skuId) ?? firstChoice(skus);
  const soldOut = sku.stock <= 0;

  const choose = (id: number) => {
    const next = skus.find((s) => s.id === id);
    if (!next || next.stock <= 0) return;
    setSkuId(id);
    // The quantity carries over to the new option as far as its stock allows, and says so when cut.
    const { quantity: q, notice } = allowedQuantity(quantity, next.stock);
    if (notice && q !== quantity) toast(notice, { id: 'quantity' });
    setQuantity(q);
  };

  const addToCart = () =>
    submit(async () => {
      const cart = await api.post<Cart>('/cart/items', { skuId: sku.id, quantity });
      refreshCart(cart);
      toast.success('已加入购物车');
      if (cart.notice) toast(cart.notice, { id: 'quantity' });
    });

  const buyNow = () => window.location.assign(screenHref('checkout', 'mobile', { skuId: sku.id, quantity }));

  return <ChoiceContext.Provider value={{ skus, sku, choose, quantity, setQuantity, soldOut, busy, addToCart, buyNow }}>{children}</ChoiceContext.Provider>;
}

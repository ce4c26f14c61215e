'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import type { Cart } from './types';

/** Where 去结算 goes: the mobile checkout; proxy.ts sends desktop browsers on to the desktop one with the same query. */
const CHECKOUT_FROM_CART = screenHref('checkout', 'mobile', { fromCart: 1 });

/** 全选, the server's total of the selected lines (announced politely) and 去结算. */
export function CartCheckoutBar({ cart, onSelectAll, busy }: { cart: Cart; onSelectAll: (selected: boolean) => void; busy: boolean }) {
  const router = useRouter();
  const box = useRef<HTMLInputElement>(null);
  const selectable = cart.items.filter((i) => i.available);
  const chosen = selectable.filter((i) => i.selected).length;
  const all = selectable.length > 0 && chosen === selectable.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  return (
    <div className="cart-bar">
      <label className="cart-check">
        <input
          ref={box}
          type="checkbox"
          checked={all}
          disabled={busy || selectable.length === 0}
          onChange={(e) => onSelectAll(e.target.checked)}
        />
        全选
      </label>
      <p className="cart-total" aria-live="polite" aria-atomic="true">
        已选 <strong>{cart.selectedCount}</strong> 件，合计 <span className="price">{formatFen(cart.selectedTotalFen)}</span>
      </p>
      <button
        type="button"
        className="btn btn-warm cart-go"
        disabled={busy || cart.selectedCount === 0}
        onClick={() => router.push(CHECKOUT_FROM_CART)}
      >
        去结算
      </button>
    </div>
  );
}

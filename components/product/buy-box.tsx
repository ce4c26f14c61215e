'use client';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Cart } from '@/components/cart/types';
import { refreshCart } from '@/components/cart/use-cart';
import { useSubmit } from '@/components/ui/use-form-state';
import { api } from '@/lib/api/client';
import { IN_STOCK_NOTE } from '@/content/shop-rules';
import { LOW_STOCK_THRESHOLD } from '@/lib/constants';
import { formatFen } from '@/lib/money';
import { screenHref } from '@/lib/screens';
import { MAX_LINE_QUANTITY } from '@/lib/validation/cart';

type Sku = { id: number; name: string; priceFen: number; listPriceFen: number; stock: number };

function stockLabel(stock: number, kind: 'device' | 'service'): string {
  if (stock <= 0) return '暂时缺货';
  if (kind === 'service') return '付款后在线发放激活码';
  if (stock <= LOW_STOCK_THRESHOLD) return `仅剩 ${stock} 件`;
  return IN_STOCK_NOTE;
}

/** SKU picker, quantity, price and stock of the chosen SKU, 加入购物车 and 立即购买. */
export function BuyBox({ skus, kind }: { skus: Sku[]; kind: 'device' | 'service' }) {
  const firstInStock = skus.find((s) => s.stock > 0) ?? skus[0];
  const [skuId, setSkuId] = useState(firstInStock.id);
  const [quantity, setQuantity] = useState(1);
  const { busy, submit } = useSubmit();
  const sku = skus.find((s) => s.id === skuId) ?? firstInStock;
  const max = Math.max(1, Math.min(sku.stock, MAX_LINE_QUANTITY));
  const soldOut = sku.stock <= 0;

  const setQty = (q: number) => setQuantity(Math.min(max, Math.max(1, Number.isFinite(q) ? Math.trunc(q) : 1)));

  const addToCart = () =>
    submit(async () => {
      refreshCart(await api.post<Cart>('/cart/items', { skuId: sku.id, quantity }));
      toast.success('已加入购物车');
    });

  function buyNow() {
    window.location.assign(screenHref('checkout', 'mobile', { skuId: sku.id, quantity }));
  }

  return (
    <div className="buy-box">
      <div>
        <span className="price" style={{ fontSize: '1.75rem' }} data-testid="sku-price">
          {formatFen(sku.priceFen)}
        </span>
        {sku.listPriceFen > sku.priceFen ? (
          <span className="price-list">
            <span className="sr-only">原价</span>
            {formatFen(sku.listPriceFen)}
          </span>
        ) : null}
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="small muted" style={{ marginBottom: 6 }}>
          {kind === 'service' ? '版本' : '规格'}
        </legend>
        <div className="sku-options">
          {skus.map((s) => (
            <button
              key={s.id}
              type="button"
              className="sku-option"
              aria-pressed={s.id === sku.id}
              onClick={() => {
                setSkuId(s.id);
                setQuantity(1);
              }}
            >
              {s.name}
              {s.stock <= 0 ? '（缺货）' : ''}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="row">
        <span className="small muted" id="qty-label">
          数量
        </span>
        <div className="qty" role="group" aria-labelledby="qty-label">
          <button type="button" onClick={() => setQty(quantity - 1)} disabled={quantity <= 1} aria-label="减少数量">
            −
          </button>
          <input
            aria-label="购买数量"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQty(Number(e.target.value.replace(/\D/g, '')) || 1)}
          />
          <button type="button" onClick={() => setQty(quantity + 1)} disabled={quantity >= max} aria-label="增加数量">
            +
          </button>
        </div>
        <span className={soldOut ? 'tag tag-warn' : 'small muted'} data-testid="stock">
          {stockLabel(sku.stock, kind)}
        </span>
      </div>
      <div className="row">
        <button type="button" className="btn btn-ghost" onClick={addToCart} disabled={busy || soldOut}>
          加入购物车
        </button>
        <button type="button" className="btn btn-warm" onClick={buyNow} disabled={soldOut}>
          立即购买
        </button>
      </div>
    </div>
  );
}

'use client';
import Link from 'next/link';
import { QuantityStepper } from '@/components/cart/quantity-stepper';
import { IN_STOCK_NOTE } from '@/content/shop-rules';
import { LOW_STOCK_THRESHOLD } from '@/lib/domain/catalog-rules';
import { formatFen } from '@/lib/domain/money';
import { useProductChoice } from './product-choice';
import { StockNotices } from './stock-notices';
import { FavoriteButton } from '@/components/favorites/favorite-button';

function stockLabel(stock: number, kind: 'device' | 'service'): string {
  if (stock <= 0) return '暂时缺货';
  if (kind === 'service') return '付款后在线发放激活码';
  if (stock <= LOW_STOCK_THRESHOLD) return `仅剩 ${stock} 件`;
  return IN_STOCK_NOTE;
}

/**
 * Price and stock of the chosen option, the options (a sold-out one is 缺货 and cannot be chosen; it
 * offers 到货通知), the quantity, and on a desktop 加入购物车 and 立即购买 (a phone has them in the
 * bottom bar, components/product/buy-bar.tsx), and the 收藏 heart.
 */
export function BuyBox({ kind, productId }: { kind: 'device' | 'service'; productId: number }) {
  const { skus, sku, choose, quantity, setQuantity, soldOut, busy, addToCart, buyNow } = useProductChoice();
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
        <Link href="/couponCenter" className="coupon-entry" prefetch={false}>
          领券
        </Link>
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="small muted" style={{ marginBottom: 6 }}>
          {kind === 'service' ? '版本' : '规格'}
        </legend>
        <div className="sku-options">
          {skus.map((s) => (
            <button key={s.id} type="button" className="sku-option" aria-pressed={s.id === sku.id} disabled={s.stock <= 0} onClick={() => choose(s.id)}>
              {s.image ? <img src={s.image} alt="" width={28} height={28} className="sku-swatch" /> : null}
              <span className="sku-name">{s.name}</span>
              {s.stock <= 0 ? <span className="sku-sold-out"> 缺货</span> : null}
            </button>
          ))}
        </div>
      </fieldset>
      <StockNotices skus={skus} />
      <div className="row">
        <span className="small muted" aria-hidden="true">
          数量
        </span>
        <QuantityStepper value={quantity} stock={sku.stock} label="购买数量" disabled={soldOut} onCommit={setQuantity} />
        <span className={soldOut ? 'tag tag-warn' : 'small muted'} data-testid="stock">
          {stockLabel(sku.stock, kind)}
        </span>
      </div>
      <div className="row desktop-only">
        <button type="button" className="btn btn-ghost" onClick={addToCart} disabled={busy || soldOut}>
          加入购物车
        </button>
        <button type="button" className="btn btn-warm" onClick={buyNow} disabled={soldOut}>
          立即购买
        </button>
        <FavoriteButton productId={productId} className="btn btn-ghost" />
        <Link href={`/Support?productId=${productId}`} prefetch={false} className="btn btn-ghost">
          联系客服
        </Link>
      </div>
    </div>
  );
}

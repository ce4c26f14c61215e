import Link from 'next/link';
import { formatFen } from '@/lib/domain/money';
import type { CartLine } from './types';

/** Why a line can't be checked out, or null when it can. */
function unavailableReason(line: CartLine): string | null {
  if (line.available) return null;
  if (line.stock < line.quantity) return line.stock > 0 ? `库存不足（仅剩 ${line.stock} 件）` : '库存不足';
  return '已下架';
}

/** Thumbnail, product and SKU names, unit price and the 已下架 / 库存不足 flag of one cart line. */
export function CartLineInfo({ line, showPrice = true }: { line: CartLine; showPrice?: boolean }) {
  const reason = unavailableReason(line);
  return (
    <div className="cart-line-info">
      <Link href={`/proc/${line.productId}`} prefetch={false} className="cart-thumb" tabIndex={-1} aria-hidden="true">
        {line.image ? <img src={line.image} alt="" width={80} height={80} loading="lazy" decoding="async" /> : null}
      </Link>
      <div className="cart-line-text">
        <Link href={`/proc/${line.productId}`} prefetch={false} className="cart-line-name tap">
          {line.productName}
        </Link>
        <span className="muted small">{line.skuName}</span>
        {reason ? <span className="tag tag-warn">{reason}</span> : null}
        {showPrice ? <span className="price">{formatFen(line.priceFen)}</span> : null}
      </div>
    </div>
  );
}

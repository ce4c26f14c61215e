import Link from 'next/link';
import { formatFen } from '@/lib/money';
import type { OrderSummaryLine } from './types';

type Line = OrderSummaryLine & { productId?: number; subtotalFen?: number };

/** The goods of a preview, an order or an order card: picture, names, unit price × quantity. */
export function OrderLines({ lines, label = '商品清单' }: { lines: Line[]; label?: string }) {
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((l, i) => (
        <li key={i} className="order-line">
          {l.image ? <img src={l.image} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span className="order-line-img" />}
          <div className="order-line-text">
            {l.productId ? (
              <Link href={`/proc/${l.productId}`} prefetch={false}>
                {l.productName}
              </Link>
            ) : (
              <span>{l.productName}</span>
            )}
            <span className="muted small">{l.skuName}</span>
          </div>
          <div className="order-line-money">
            <span>{formatFen(l.priceFen)}</span>
            <span className="muted small">× {l.quantity}</span>
            {l.subtotalFen !== undefined ? <span className="sr-only">小计 {formatFen(l.subtotalFen)}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

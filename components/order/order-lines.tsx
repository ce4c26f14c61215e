import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatFen } from '@/lib/domain/money';
import type { OrderSummaryLine } from './types';

type Line = OrderSummaryLine & { productId?: number; subtotalFen?: number };

type Props<L extends Line> = {
  lines: L[];
  label?: string;
  /** Only × quantity, no unit price (an after-sales request's lines). */
  hideMoney?: boolean;
  /** What a line offers beside its goods (the order detail's 申请售后). */
  action?: (line: L) => ReactNode;
};

/** The goods of a preview, an order or an order card: picture, names, unit price × quantity. */
export function OrderLines<L extends Line>({ lines, label = '商品清单', hideMoney, action }: Props<L>) {
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((l, i) => (
        <li key={i} className="order-line">
          {l.image ? <img src={l.image} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span className="order-line-img" />}
          <div className="order-line-text">
            {l.productId ? (
              <Link href={`/proc/${l.productId}`} prefetch={false} className="tap">
                {l.productName}
              </Link>
            ) : (
              <span>{l.productName}</span>
            )}
            <span className="muted small">{l.skuName}</span>
            {action?.(l)}
          </div>
          <div className="order-line-money">
            {hideMoney ? null : <span>{formatFen(l.priceFen)}</span>}
            <span className="muted small">× {l.quantity}</span>
            {l.subtotalFen !== undefined ? <span className="sr-only">小计 {formatFen(l.subtotalFen)}</span> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

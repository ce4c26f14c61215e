/**
 * The after-sales requests of an order line (open or finished), each with its state and a link to its
 * page: 查看退款 for a refund, 查看换货 for an exchange (the order's answer names them, docs/api.md#orders).
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import type { Order } from './types';

type LineAfterSale = Order['lines'][number]['afterSales'][number];

export function LineAfterSales({ requests, device }: { requests: LineAfterSale[]; device: Device }) {
  if (!requests.length) return null;
  return (
    <ul className="line-after-sales small" aria-label="售后记录">
      {requests.map((r) => (
        <li key={r.afterSaleNo}>
          {r.typeLabel} {r.quantity} 件 · {r.statusLabel}
          <Link href={screenHref('afterSaleDetail', device, { afterSaleNo: r.afterSaleNo })} prefetch={false} className="tap" aria-label={`${r.type === 'exchange' ? '查看换货' : '查看退款'}（售后单 ${r.afterSaleNo}）`}>
            {r.type === 'exchange' ? '查看换货' : '查看退款'}
          </Link>
        </li>
      ))}
    </ul>
  );
}

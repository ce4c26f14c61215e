import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';

/** The order a subscription or one of its events came with: a link while the shopper keeps the order, else 订单已删除. */
export function OrderLink({ orderNo, device }: { orderNo: string | null; device: Device }) {
  if (!orderNo) return <span className="muted">订单已删除</span>;
  return (
    <Link href={screenHref('orderDetail', device, { orderNo })} prefetch={false} className="tap">
      {orderNo}
    </Link>
  );
}

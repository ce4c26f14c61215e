/** The two ways on from a paid order, the same on every pay screen: 查看订单 and 继续购物. */
import Link from 'next/link';

export function PaidActions({ detailHref }: { detailHref: string }) {
  return (
    <p className="pay-result-actions">
      <Link href={detailHref} className="btn" prefetch={false}>
        查看订单
      </Link>
      <Link href="/" className="btn btn-ghost">
        继续购物
      </Link>
    </p>
  );
}

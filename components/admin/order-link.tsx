import Link from 'next/link';

/** An order named by its number in the console, opening its page there. */
export function OrderLink({ orderNo, className }: { orderNo: string; className?: string }) {
  return (
    <Link href={`/admin/orders/${orderNo}`} className={className}>
      {orderNo}
    </Link>
  );
}

import Link from 'next/link';

/** An order list with nothing in it (either device, any status tab). */
export function NoOrders() {
  return (
    <section className="card empty">
      <p>暂无订单。</p>
      <Link href="/ProductList" className="btn btn-ghost">
        去逛逛
      </Link>
    </section>
  );
}

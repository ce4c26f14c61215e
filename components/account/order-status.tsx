import Link from 'next/link';
import { AUTO_COMPLETE_RULE, UNPAID_RULE } from './rules';
import { TermList } from './frame-parts';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@/lib/order-status';

/** The status tabs of the order list: 全部 待付款 待发货 待收货 已完成. */
const LIST_TABS: { status?: OrderStatus; label: string }[] = [
  { label: '全部' },
  ...(['pending_payment', 'paid', 'shipped', 'completed'] as const).map((status) => ({ status, label: ORDER_STATUS_LABEL[status] })),
];

/**
 * Status filter links of an order list page (`?status=` takes the API's status values). With no
 * `active` status the 全部 tab is the current one.
 */
export function OrderStatusTabs({ basePath, active }: { basePath: string; active?: OrderStatus }) {
  return (
    <nav className="chips" aria-label="订单状态">
      {LIST_TABS.map((t) => (
        <Link
          key={t.label}
          href={t.status ? `${basePath}?status=${t.status}` : basePath}
          className="chip"
          prefetch={false}
          aria-current={t.status === active ? 'page' : undefined}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** What each order state means for the shopper. */
export function OrderStatusGuide() {
  return (
    <TermList
      items={[
        { term: ORDER_STATUS_LABEL.pending_payment, text: `${UNPAID_RULE}未支付前可随时「取消订单」。` },
        { term: ORDER_STATUS_LABEL.paid, text: '已付款，仓库正在备货。量子安全服务付款后直接完成，激活码在订单详情中查看。' },
        { term: ORDER_STATUS_LABEL.shipped, text: `商品已发出，可查看物流详情。收到商品后请点击「确认收货」；${AUTO_COMPLETE_RULE}` },
        { term: ORDER_STATUS_LABEL.completed, text: '交易完成，可在订单详情中「申请开票」。' },
        { term: ORDER_STATUS_LABEL.cancelled, text: '订单已由您或客服取消，或因超时未支付自动取消。' },
        {
          term: `${ORDER_STATUS_LABEL.refunding} / ${ORDER_STATUS_LABEL.refunded}`,
          text: (
            <>
              已付款的订单如需退款，请<Link href="/aboutMe">联系客服</Link>；退款受理后款项按原支付方式退回。
            </>
          ),
        },
      ]}
    />
  );
}

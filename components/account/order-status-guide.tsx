import Link from 'next/link';
import { screenHref } from '@/lib/domain/screens';
import { TermList } from '@/components/ui/lists';
import { AUTO_COMPLETE_RULE, UNPAID_RULE } from '@/content/shop-rules';
import { REVIEW_WINDOW_DAYS } from '@/lib/domain/review-rules';
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';

/** What each order state means for the shopper. */
export function OrderStatusGuide() {
  return (
    <TermList
      items={[
        { term: ORDER_STATUS_LABEL.pending_payment, text: `${UNPAID_RULE}未支付前可随时「取消订单」。` },
        { term: ORDER_STATUS_LABEL.paid, text: '已付款，仓库正在备货；发货前可「取消订单并退款」，款项立即原路退回。量子安全服务付款后直接完成，激活码在订单详情中查看。' },
        { term: ORDER_STATUS_LABEL.shipped, text: `商品已发出，可查看物流详情。收到商品后请点击「确认收货」；${AUTO_COMPLETE_RULE}` },
        { term: ORDER_STATUS_LABEL.completed, text: '交易完成，可在订单详情中「申请开票」或「申请售后」（退货退款、换货）。' },
        {
          term: '待评价',
          text: (
            <>
              确认收货后 {REVIEW_WINDOW_DAYS} 天内可以「评价」商品、晒图，发表后在<Link href={screenHref('reviews', 'mobile')}>我的评价</Link>中查看和追评。
            </>
          ),
        },
        { term: ORDER_STATUS_LABEL.cancelled, text: '订单已由您或客服取消，或因超时未支付自动取消。' },
        {
          term: `${ORDER_STATUS_LABEL.refunding} / ${ORDER_STATUS_LABEL.refunded}`,
          text: (
            <>
              已付款的订单可在订单详情中「申请售后」，进度在<Link href={screenHref('afterSales', 'mobile')}>售后</Link>中查看；退款按原支付方式退回。如有疑问请<Link href="/aboutMe">联系客服</Link>。
            </>
          ),
        },
      ]}
    />
  );
}

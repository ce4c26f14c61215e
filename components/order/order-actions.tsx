'use client';
/** The buttons an order's state allows (the server's `actions`): 去支付 取消订单 确认收货 申请售后 申请开票 查看物流, and 查看发票 once requested. */
import Link from 'next/link';
import { api } from '@/lib/api/client';
import { withQuery } from '@/lib/query-string';
import { screenHref } from '@/lib/screens';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import type { Order } from './types';

export function OrderActionsBar({ order, onChange }: { order: Order; onChange: (o: Order) => void }) {
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const { actions, orderNo } = order;
  // A paid order not yet shipped is refunded in full the moment it is cancelled.
  const paid = order.status === 'paid';

  const post = async (what: 'cancel' | 'confirm', question: string, label: string) => {
    if (busy || !(await confirm(question, label))) return;
    await submit(async () => onChange(await api.post<Order>(`/orders/${encodeURIComponent(orderNo)}/${what}`)));
  };

  if (!Object.values(actions).some(Boolean) && !order.invoice) return null;
  return (
    <div className="order-actions">
      {actions.logistics ? (
        <Link href={withQuery('/OrderDistribute', { orderNo })} className="btn btn-ghost" prefetch={false}>
          查看物流
        </Link>
      ) : null}
      {order.invoice ? (
        <Link href={screenHref('invoiceDetail', 'mobile', { id: order.invoice.id })} className="btn btn-ghost" prefetch={false}>
          查看发票
        </Link>
      ) : null}
      {actions.afterSale ? (
        <Link href={screenHref('afterSaleApply', 'mobile', { orderNo })} className="btn btn-ghost" prefetch={false}>
          申请售后
        </Link>
      ) : null}
      {actions.invoice ? (
        <Link href={screenHref('invoice', 'mobile', { orderNo })} className="btn btn-ghost" prefetch={false}>
          申请开票
        </Link>
      ) : null}
      {actions.cancel && paid ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => post('cancel', '确定取消这个订单吗？取消后订单金额将立即原路退回您的支付账户，不能恢复。', '取消订单并退款')}
        >
          取消订单并退款
        </button>
      ) : actions.cancel ? (
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => post('cancel', '确定取消这个订单吗？取消后不能恢复。', '取消订单')}>
          取消订单
        </button>
      ) : null}
      {actions.confirm ? (
        <button type="button" className="btn" disabled={busy} onClick={() => post('confirm', '确认已经收到全部商品了吗？', '确认收货')}>
          确认收货
        </button>
      ) : null}
      {actions.pay ? (
        <Link href={screenHref('pay', 'mobile', { orderNo })} className="btn btn-warm" prefetch={false}>
          去支付
        </Link>
      ) : null}
      {dialog}
    </div>
  );
}

'use client';
/**
 * The buttons an order's state allows (the server's `actions`): 去支付 取消订单 确认收货 申请售后 申请开票
 * 查看物流, 查看发票 once requested, and 再次购买 / 删除订单 once the order is finished. 取消订单 asks for a
 * reason from the one list (docs/rules.md#cancel-reasons) with 暂不取消 / 确认取消. The next step comes
 * first and 删除订单 last; a phone folds all but the first three under 更多.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/api/client';
import { SHOPPER_CANCEL_REASONS } from '@/lib/domain/order-rules';
import type { Device } from '@/lib/web/device';
import { withQuery } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import type { Order } from './types';
import { useFinishedOrder } from './use-finished-order';

/** How many buttons a phone shows in the row before 更多. */
const MOBILE_SHOWN = 3;

export function OrderActionsBar({ order, device, onChange }: { order: Order; device: Device; onChange: (o: Order) => void }) {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [confirm, dialog, choose] = useConfirm();
  const finished = useFinishedOrder(device);
  const { actions, orderNo } = order;
  // A paid order not yet shipped is refunded in full the moment it is cancelled.
  const paid = order.status === 'paid';
  const path = (what: string) => `/orders/${encodeURIComponent(orderNo)}/${what}`;

  const cancel = async () => {
    const question = paid ? '确定取消这个订单吗？取消后订单金额将立即原路退回您的支付账户，不能恢复。' : '确定取消这个订单吗？取消后不能恢复。';
    const reason = busy ? null : await choose(question, SHOPPER_CANCEL_REASONS, { choiceLabel: '取消原因', confirmLabel: '确认取消', cancelLabel: '暂不取消', danger: true });
    if (reason === null) return;
    await submit(async () => onChange(await api.post<Order>(path('cancel'), { reason })));
  };
  const receive = async () => {
    if (busy || !(await confirm('确认已经收到全部商品了吗？', '确认收货'))) return;
    await submit(async () => onChange(await api.post<Order>(path('confirm'))));
  };

  if (!Object.values(actions).some(Boolean) && !order.invoice) return null;
  const working = busy || finished.busy;
  // The order's next step first (去支付, 确认收货, 评价, 再次购买), the rest after it, 删除订单 last.
  const buttons = [
    actions.pay ? (
      <Link key="pay" href={screenHref('pay', 'mobile', { orderNo })} className="btn btn-warm" prefetch={false}>
        去支付
      </Link>
    ) : null,
    actions.confirm ? (
      <button key="confirm" type="button" className="btn" disabled={working} onClick={receive}>
        确认收货
      </button>
    ) : null,
    actions.review ? (
      <Link key="review" href={screenHref('reviewApply', 'mobile', { orderNo })} className="btn" prefetch={false}>
        评价
      </Link>
    ) : null,
    actions.rebuy ? (
      <button key="rebuy" type="button" className="btn" disabled={working} onClick={() => finished.rebuy(orderNo)}>
        再次购买
      </button>
    ) : null,
    actions.logistics ? (
      <Link key="logistics" href={withQuery('/OrderDistribute', { orderNo })} className="btn btn-ghost" prefetch={false}>
        查看物流
      </Link>
    ) : null,
    actions.afterSale ? (
      <Link key="after-sale" href={screenHref('afterSaleApply', 'mobile', { orderNo })} className="btn btn-ghost" prefetch={false}>
        申请售后
      </Link>
    ) : null,
    actions.invoice ? (
      <Link key="invoice" href={screenHref('invoice', 'mobile', { orderNo })} className="btn btn-ghost" prefetch={false}>
        申请开票
      </Link>
    ) : null,
    order.invoice ? (
      <Link key="invoice-detail" href={screenHref('invoiceDetail', 'mobile', { id: order.invoice.id })} className="btn btn-ghost" prefetch={false}>
        查看发票
      </Link>
    ) : null,
    actions.cancel ? (
      <button key="cancel" type="button" className="btn btn-ghost" disabled={working} onClick={cancel}>
        {paid ? '取消订单并退款' : '取消订单'}
      </button>
    ) : null,
    <Link key="support" href={`/Support?orderNo=${encodeURIComponent(orderNo)}`} className="btn btn-ghost" prefetch={false}>
      联系客服
    </Link>,
    actions.remove ? (
      <button key="remove" type="button" className="btn btn-ghost" disabled={working} onClick={() => finished.remove(orderNo, () => router.replace(screenHref('orders', device)))}>
        删除订单
      </button>
    ) : null,
  ].filter(Boolean);
  // A phone shows the first few in one row and folds the rest under 更多 (as JD's order page does).
  const shown = device === 'mobile' && buttons.length > MOBILE_SHOWN + 1 ? buttons.slice(0, MOBILE_SHOWN) : buttons;
  const folded = buttons.slice(shown.length);
  return (
    <div className="order-actions">
      {shown}
      {folded.length ? (
        <details className="order-more">
          <summary className="btn btn-ghost">更多</summary>
          <div className="order-more-menu">{folded}</div>
        </details>
      ) : null}
      {dialog}
      {finished.dialog}
    </div>
  );
}

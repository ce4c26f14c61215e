/**
 * /Invoice?orderNo= and /InvoicePC?orderNo=: the request form for one of the shopper's orders, or
 * why there is none (not this shopper's order, not paid, refunded, already invoiced).
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { orNullIfNotFound } from '@/lib/server/errors';
import { invoiceRefusal, listInvoiceTitles } from '@/lib/server/modules/invoice';
import { getInvoice } from '@/lib/server/views/invoices';
import { getOrder } from '@/lib/server/flows/order-page';
import { toFormValues, type InvoiceFormValues } from './form-values';
import { InvoiceForm } from './invoice-form';

type Props = { userId: number; email: string | null; orderNo: string; device: Device };

function Panel({ children, device }: { children: React.ReactNode; device: Device }) {
  return (
    <section className="card empty" role="status">
      {children}
      <p>
        <Link href={screenHref('invoice', device)} prefetch={false}>
          查看我的发票
        </Link>
      </p>
    </section>
  );
}

export async function InvoiceRequest({ userId, email, orderNo, device }: Props) {
  const order = await orNullIfNotFound(getOrder(userId, orderNo));
  if (!order) {
    return (
      <Panel device={device}>
        <p>没有找到这个订单，请从「我的订单」中选择要开票的订单。</p>
      </Panel>
    );
  }
  const orderLink = (
    <Link href={screenHref('orderDetail', device, { orderNo: order.orderNo })} prefetch={false}>
      {order.orderNo}
    </Link>
  );
  const current = order.invoice;
  if (current && current.status !== 'rejected') {
    return (
      <Panel device={device}>
        <p>
          订单 {orderLink} 已申请发票，当前状态：<strong data-testid="invoice-status">{current.statusLabel}</strong>。每个订单只能开具一张发票。
        </p>
        <p>
          <Link href={screenHref('invoiceDetail', device, { id: current.id })} className="btn btn-ghost" prefetch={false}>
            查看发票
          </Link>
        </p>
      </Panel>
    );
  }
  const refusal = invoiceRefusal(order.status);
  if (refusal) {
    return (
      <Panel device={device}>
        <p>
          订单 {orderLink}（{order.statusLabel}）：{refusal}。
        </p>
      </Panel>
    );
  }

  // A rejected request is sent again: the form starts from what was asked last time.
  const existing = current ? await orNullIfNotFound(getInvoice(userId, current.id)) : null;
  const titles = await listInvoiceTitles(userId);
  const initial: InvoiceFormValues = existing
    ? { invoiceType: existing.invoiceType, email: existing.email, ...toFormValues(existing) }
    : {
        invoiceType: 'normal',
        titleType: 'personal',
        title: '',
        taxNo: '',
        email: email ?? '',
        registeredAddress: '',
        registeredPhone: '',
        bankName: '',
        bankAccount: '',
      };
  return (
    <>
      {existing ? (
        <p className="notice" role="status">
          上次的开票申请已驳回：{existing.rejectReason ?? '开票信息有误'}。请修改后重新提交。
        </p>
      ) : null}
      <section className="card" aria-labelledby="invoice-order-title">
        <h2 id="invoice-order-title">开票订单</h2>
        <dl className="term-list order-facts">
          <div>
            <dt>订单编号</dt>
            <dd>{orderLink}</dd>
          </div>
          <div>
            <dt>商品</dt>
            <dd>{order.lines.map((l) => `${l.productName} ${l.skuName} × ${l.quantity}`).join('；')}</dd>
          </div>
          <div>
            <dt>实付金额</dt>
            <dd className="price">{formatFen(order.totalFen)}</dd>
          </div>
        </dl>
      </section>
      <InvoiceForm orderNo={order.orderNo} amountFen={order.totalFen} titles={titles} initial={initial} device={device} />
    </>
  );
}

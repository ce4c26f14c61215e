/**
 * /InvoiceDetail and /InvoiceDetailPC (?id=): the state of one invoice, its title and taxpayer
 * number, the amount and the order; once issued its number, date and 下载发票; when rejected the
 * reason and 重新申请.
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getInvoice } from '@/lib/server/views/invoices';
import { INVOICE_FIELD_LABEL as L } from '@/lib/validation/invoice';
import { TermList, type Term } from '@/components/ui/lists';
import { formatDay, formatTime } from '@/components/order/format-time';
import type { Invoice } from './types';

type Props = { userId: number; id: string | undefined; device: Device };

const STATE_TEXT: Record<Invoice['status'], string> = {
  pending: '开票申请已提交，等待开具。开具后可在这里下载电子发票。',
  issued: '发票已开具，可下载电子发票（PDF）。',
  rejected: '开票申请未通过，请根据驳回原因修改后重新申请。',
};

export async function InvoiceDetail({ userId, id, device }: Props) {
  const inv = id ? await orNullIfNotFound(getInvoice(userId, id)) : null;
  if (!inv) {
    return (
      <section className="card empty" role="status">
        <p>{id ? '没有找到这张发票。' : '缺少发票编号。'}</p>
        <Link href={screenHref('invoice', device)} className="btn btn-ghost" prefetch={false}>
          返回我的发票
        </Link>
      </section>
    );
  }
  const facts: Term[] = [
    { term: L.invoiceType, text: inv.invoiceTypeLabel },
    { term: L.titleType, text: inv.titleTypeLabel },
    { term: L.title, text: inv.title },
  ];
  if (inv.taxNo) facts.push({ term: L.taxNo, text: <span className="mono">{inv.taxNo}</span> });
  if (inv.registeredAddress) facts.push({ term: L.registeredAddress, text: inv.registeredAddress });
  if (inv.registeredPhone) facts.push({ term: L.registeredPhone, text: inv.registeredPhone });
  if (inv.bankName) facts.push({ term: L.bankName, text: inv.bankName });
  if (inv.bankAccount) facts.push({ term: L.bankAccount, text: inv.bankAccount });
  facts.push(
    { term: '开票金额', text: <span className="price">{formatFen(inv.amountFen)}</span> },
  );
  // The coupon's discount is not invoiced: the amount is after it, and the PDF lists it as a 折扣 line.
  if (inv.orderDiscountFen > 0) facts.push({ term: '优惠券抵扣', text: `−${formatFen(inv.orderDiscountFen)}（不开票，已从开票金额中扣除）` });
  facts.push(
    { term: L.email, text: inv.email },
    {
      term: L.orderNo,
      text: (
        <Link href={screenHref('orderDetail', device, { orderNo: inv.orderNo })} prefetch={false}>
          {inv.orderNo}
        </Link>
      ),
    },
    { term: '申请时间', text: formatTime(inv.createdAt) },
  );
  if (inv.invoiceNo) facts.push({ term: '发票号码', text: <span className="mono" data-testid="invoice-no">{inv.invoiceNo}</span> });
  if (inv.issuedAt) facts.push({ term: '开票日期', text: formatDay(inv.issuedAt) });

  return (
    <div className="invoice-detail">
      <section className="card" aria-labelledby="invoice-status-title">
        <h2 id="invoice-status-title" className="invoice-status" data-status={inv.status}>
          {inv.statusLabel}
        </h2>
        <p className="muted small">{STATE_TEXT[inv.status]}</p>
        {inv.status === 'rejected' && inv.rejectReason ? (
          <p className="notice" role="status">
            驳回原因：<span data-testid="reject-reason">{inv.rejectReason}</span>
          </p>
        ) : null}
        {inv.reversal ? (
          <p className="notice" role="status">
            订单已退款，这张发票{inv.reversal === 'done' ? '已红冲作废' : '将由我们红冲作废'}（{inv.reversalLabel}）。
          </p>
        ) : null}
        <div className="order-actions">
          {inv.pdfUrl ? (
            <a href={inv.pdfUrl} className="btn" download>
              下载发票
            </a>
          ) : null}
          {inv.status === 'rejected' ? (
            <Link href={screenHref('invoice', device, { orderNo: inv.orderNo })} className="btn btn-ghost" prefetch={false}>
              重新申请
            </Link>
          ) : null}
          <Link href={screenHref('invoice', device)} className="btn btn-ghost" prefetch={false}>
            我的发票
          </Link>
          <Link href={`/Support?invoiceId=${inv.id}`} className="btn btn-ghost" prefetch={false}>
            联系客服
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="invoice-info-title">
        <h2 id="invoice-info-title">发票信息</h2>
        <TermList items={facts} className="order-facts invoice-facts" />
      </section>
    </div>
  );
}

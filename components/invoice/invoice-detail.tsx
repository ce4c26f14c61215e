/**
 * /InvoiceDetail and /InvoiceDetailPC (?id=): the state of one invoice, its title and taxpayer
 * number, the amount and the order; once issued its number, date and 下载发票; when rejected the
 * reason and 重新申请.
 */
import Link from 'next/link';
import type { Device } from '@/lib/device';
import { formatFen } from '@/lib/money';
import { orNullIfNotFound } from '@/lib/server/errors';
import { getInvoice } from '@/lib/server/services/invoice';
import { formatTime } from '@/components/order/format-time';
import { orderPaths } from '@/components/order/order-paths';
import { invoicePaths } from './invoice-paths';
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
        <Link href={invoicePaths.list(device)} className="btn btn-ghost" prefetch={false}>
          返回我的发票
        </Link>
      </section>
    );
  }
  const facts: [string, React.ReactNode][] = [
    ['发票类型', inv.invoiceTypeLabel],
    ['抬头类型', inv.titleTypeLabel],
    ['发票抬头', inv.title],
  ];
  if (inv.taxNo) facts.push(['纳税人识别号', <span key="t" className="mono">{inv.taxNo}</span>]);
  if (inv.registeredAddress) facts.push(['注册地址', inv.registeredAddress]);
  if (inv.registeredPhone) facts.push(['注册电话', inv.registeredPhone]);
  if (inv.bankName) facts.push(['开户银行', inv.bankName]);
  if (inv.bankAccount) facts.push(['银行账号', inv.bankAccount]);
  facts.push(
    ['开票金额', <span key="a" className="price">{formatFen(inv.amountFen)}</span>],
    ['接收邮箱', inv.email],
    [
      '订单编号',
      <Link key="o" href={orderPaths.detail(inv.orderNo, device)} prefetch={false}>
        {inv.orderNo}
      </Link>,
    ],
    ['申请时间', formatTime(inv.createdAt)],
  );
  if (inv.invoiceNo) facts.push(['发票号码', <span key="n" className="mono" data-testid="invoice-no">{inv.invoiceNo}</span>]);
  if (inv.issuedAt) facts.push(['开票日期', formatTime(inv.issuedAt).slice(0, 10)]);

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
            <Link href={invoicePaths.request(inv.orderNo, device)} className="btn btn-ghost" prefetch={false}>
              重新申请
            </Link>
          ) : null}
          <Link href={invoicePaths.list(device)} className="btn btn-ghost" prefetch={false}>
            我的发票
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="invoice-info-title">
        <h2 id="invoice-info-title">发票信息</h2>
        <dl className="term-list order-facts invoice-facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

import Link from 'next/link';
import { CardSection } from '@/components/ui/card-section';
import { FactList, TermList } from '@/components/ui/lists';
import { TAX_NO_LENGTH } from '@/lib/domain/invoice-rules';
import { INVOICE_STATUS_LABEL } from '@/lib/domain/invoice-status';

/** 普通发票 / 增值税专用发票: what each is and what the application needs. */
export function InvoiceTypes() {
  return (
    <CardSection title="发票类型">
      <TermList
        items={[
          {
            term: '普通发票',
            text: `个人或单位均可申请。个人抬头填写姓名；单位抬头填写单位名称和纳税人识别号（${TAX_NO_LENGTH} 位统一社会信用代码）。另需一个接收发票的邮箱。`,
          },
          {
            term: '增值税专用发票',
            text: '仅限单位申请，用于抵扣进项税。需填写单位名称、纳税人识别号、注册地址、注册电话、开户银行和银行账号，以及接收发票的邮箱。',
          },
        ]}
      />
    </CardSection>
  );
}

/** How an invoice is requested. */
export function InvoiceHowTo({ ordersPath }: { ordersPath: string }) {
  return (
    <CardSection title="如何开票">
      <FactList
        items={[
          <>
            在
            <Link href={ordersPath} className="tap">
              我的订单
            </Link>
            中打开已付款的订单，点击「申请开票」，选择发票类型并填写抬头。
          </>,
          '每个订单开具一张发票，开票金额为订单实付金额。退款中或已退款的订单不能开票；已开票的订单退款后，发票将被红冲作废。',
        ]}
      />
    </CardSection>
  );
}

/** The states an invoice request goes through. */
export function InvoiceStatuses() {
  return (
    <CardSection title="发票状态">
      <TermList
        items={[
          { term: INVOICE_STATUS_LABEL.pending, text: '申请已提交，等待开具。' },
          { term: INVOICE_STATUS_LABEL.issued, text: '发票已开具，可查看发票号码和开票日期，并下载电子发票（PDF）。' },
          {
            term: INVOICE_STATUS_LABEL.rejected,
            text: (
              <>
                开票信息未通过审核，发票详情中写明了驳回原因，修改后可重新申请；如有疑问请<Link href="/aboutMe">联系客服</Link>。
              </>
            ),
          },
        ]}
      />
    </CardSection>
  );
}

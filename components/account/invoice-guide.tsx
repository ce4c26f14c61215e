import Link from 'next/link';
import { FactList, FrameSection, TermList } from './frame-parts';

/** 普通发票 / 增值税专用发票: what each is and what the application needs. */
export function InvoiceTypes() {
  return (
    <FrameSection title="发票类型">
      <TermList
        items={[
          {
            term: '普通发票',
            text: '个人或单位均可申请。个人抬头填写姓名；单位抬头填写单位名称和纳税人识别号（18 位统一社会信用代码）。另需一个接收发票的邮箱。',
          },
          {
            term: '增值税专用发票',
            text: '仅限单位申请，用于抵扣进项税。需填写单位名称、纳税人识别号、注册地址、注册电话、开户银行和银行账号，以及接收发票的邮箱。',
          },
        ]}
      />
    </FrameSection>
  );
}

/** How an invoice is requested. */
export function InvoiceHowTo({ ordersPath }: { ordersPath: string }) {
  return (
    <FrameSection title="如何开票">
      <FactList
        items={[
          <>
            在<Link href={ordersPath}>我的订单</Link>中打开已付款的订单，点击「申请开票」，选择发票类型并填写抬头。
          </>,
          '每个订单开具一张发票，开票金额为订单实付金额。',
        ]}
      />
    </FrameSection>
  );
}

/** The states an invoice request goes through. */
export function InvoiceStatuses() {
  return (
    <FrameSection title="发票状态">
      <TermList
        items={[
          { term: '开票中', text: '申请已提交，等待开具。' },
          { term: '已开票', text: '发票已开具，可查看发票号码并下载 PDF。' },
          {
            term: '已驳回',
            text: (
              <>
                开票信息未通过审核，请<Link href="/aboutMe">联系客服</Link>处理。
              </>
            ),
          },
        ]}
      />
    </FrameSection>
  );
}

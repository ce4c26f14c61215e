/**
 * 我的服务 (/Service on a phone: cards; /personalCenter/PersonalService on a desktop: a table): the
 * shopper's activation codes with product, order, date and state, each with 复制; rendered on the
 * server like every logged-in list, the copy buttons the only client code.
 */
import Link from 'next/link';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import { listServiceCodes, type ServiceCode } from '@/lib/server/views/service-codes';
import { CopyButton } from '@/components/ui/copy-button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyList, PagedList } from '@/components/ui/paged-list';
import { formatTime } from './format-time';
import { ActivationHowTo } from './license-list';

type Props = { userId: number; device: Device; basePath: string; page: number; pageSize: number };

const day = (iso: string) => formatTime(iso).slice(0, 10);

function State({ c }: { c: ServiceCode }) {
  return (
    <span className="license-state small" data-state={c.state}>
      {c.stateLabel}
      {c.state === 'active' && c.validUntil ? `（有效期至 ${day(c.validUntil)}）` : null}
    </span>
  );
}

/** The order a code came with: a link while the shopper still has the order, else just its number. */
function OrderOf({ c, device }: { c: ServiceCode; device: Device }) {
  if (!c.orderShown) return <span className="muted">{c.orderNo}（已删除）</span>;
  return (
    <Link href={screenHref('orderDetail', device, { orderNo: c.orderNo })} prefetch={false} className="tap">
      {c.orderNo}
    </Link>
  );
}

function Code({ c }: { c: ServiceCode }) {
  return (
    <span className="row">
      <code className="license-code">{c.code}</code>
      {c.state === 'revoked' ? null : <CopyButton text={c.code} label={`激活码 ${c.code}`} />}
    </span>
  );
}

function ServiceCard({ c, device }: { c: ServiceCode; device: Device }) {
  return (
    <article className="card order-card" aria-label={`${c.productName} 激活码`}>
      <header className="spread small">
        <strong>
          {c.productName} {c.skuName}
        </strong>
        <State c={c} />
      </header>
      <Code c={c} />
      <p className="small muted">
        订单 <OrderOf c={c} device={device} /> · <time dateTime={c.createdAt}>{day(c.createdAt)}</time>
      </p>
    </article>
  );
}

export async function ServiceCodeList({ userId, device, basePath, page, pageSize }: Props) {
  const data = await listServiceCodes(userId, { page, pageSize });
  if (data.total === 0) {
    return (
      <EmptyList
        message="暂无服务激活码。"
        hint="购买量子邮箱、量子钉、量子会议或量子身份等服务并付款后，激活码会显示在这里和订单详情中。"
        href="/quantumMail"
        action="了解量子服务"
      />
    );
  }
  return (
    <>
      <PagedList
        device={device}
        basePath={basePath}
        query={{}}
        page={data}
        counted={`共 ${data.total} 个激活码`}
        cards={data.items.map((c) => ({ key: c.code, card: <ServiceCard c={c} device={device} /> }))}
        table={
          <DataTable
            caption="我的服务"
            hideCaption
            wrapClass="landing-table service-codes"
            head={['服务', '激活码', '订单编号', '获得时间', '状态']}
            rows={data.items.map((c) => ({
              key: c.code,
              cells: [
                `${c.productName} ${c.skuName}`,
                <Code key="c" c={c} />,
                <OrderOf key="o" c={c} device={device} />,
                day(c.createdAt),
                <State key="s" c={c} />,
              ],
            }))}
          />
        }
      />
      <ActivationHowTo />
    </>
  );
}

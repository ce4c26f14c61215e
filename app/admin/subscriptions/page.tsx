import Link from 'next/link';
import { SubscriptionFilters } from '@/components/admin/subscription-filters';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { StatusTabs, type Tab } from '@/components/ui/status-tabs';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { DUE_LIST_DAYS } from '@/lib/domain/subscription-console';
import { listConsoleSubscriptions } from '@/lib/server/views/console-subscriptions';
import { adminSubscriptionQuerySchema } from '@/lib/validation/subscription-admin';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';
import { pageHref, withQuery } from '@/lib/web/query-string';
import { OrderLink } from '@/components/admin/order-link';

export const metadata = { title: '订阅' };

type Props = { searchParams: Promise<PageQuery> };

const LISTS: Tab<'due'>[] = [{ label: '全部订阅' }, { value: 'due', label: `${DUE_LIST_DAYS} 天内到期` }];

/** The state's tag: the ones that want the operator's eye (ending, in 宽限期) stand out. */
const tagClass = (state: string) => (state === 'due_soon' || state === 'grace' ? 'tag tag-warn' : 'tag');

export default async function AdminSubscriptionsPage({ searchParams }: Props) {
  await requirePageOperator();
  const raw = flatQuery(await searchParams);
  const parsed = adminSubscriptionQuerySchema.safeParse(raw);
  const q = parsed.success ? parsed.data : adminSubscriptionQuerySchema.parse({ pageSize: raw.pageSize, list: raw.list === 'due' ? 'due' : undefined });
  const page = await listConsoleSubscriptions(q);
  const filters = { state: q.state, list: q.list, phone: q.phone, code: q.code };
  return (
    <>
      <h1>订阅</h1>
      <StatusTabs label="订阅列表" look="buttons" tabs={LISTS} active={q.list} href={(list) => withQuery('/admin/subscriptions', { list })} />
      <SubscriptionFilters values={{ ...filters, pageSize: q.pageSize }} />
      {parsed.success ? null : (
        <p className="admin-notice" role="alert">
          {parsed.error.issues[0]?.message ?? '筛选条件不正确'}，已显示全部订阅。
        </p>
      )}
      <p className="muted small">
        共 {page.total} 个订阅{q.list === 'due' ? `，${DUE_LIST_DAYS} 天内到期的，最先到期的在前` : '，最新的在前'}。
      </p>
      {page.items.length ? (
        <DataTable
          caption="订阅列表"
          hideCaption
          wrapClass="admin-table"
          head={['编号', '用户', '服务', '席位（已用/全部）', '状态', '到期时间', '自动续费', '购买订单']}
          rows={page.items.map((s) => ({
            key: String(s.id),
            cells: [
              <Link key="id" href={`/admin/subscriptions/${s.id}`}>
                {s.id}
              </Link>,
              s.shopper,
              `${s.productName} · ${s.edition}`,
              `${s.seatsUsed} / ${s.seats}`,
              <span key="st" className={tagClass(s.state)}>
                {s.stateLabel}
              </span>,
              s.endsAt ? `${formatTime(s.endsAt)}${s.daysLeft ? `（剩 ${s.daysLeft} 天）` : ''}` : '未开始',
              s.autoRenew ? '是' : '否',
              <OrderLink key="o" orderNo={s.orderNo} />,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有符合条件的订阅。</p>
      )}
      <Pagination page={page.page} pageSize={page.pageSize} total={page.total} href={(n) => pageHref('/admin/subscriptions', filters, n, q.pageSize)} />
    </>
  );
}

import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { formatTime } from '@/components/order/format-time';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { listFailingEvents } from '@/lib/server/modules/outbox';

export const metadata = { title: '待重试的通知' };

export default async function AdminOutboxPage() {
  await requirePageOperator();
  const { total, items } = await listFailingEvents();
  return (
    <>
      <h1>待重试的通知</h1>
      <p className="muted small">
        提交后要发出的短信、到货通知、退款提交和页面刷新，已失败 3 次及以上仍未送达的共 {total} 条（最新的在前）。系统会按间隔自动重试，失败 10 次后不再自动重试；「重新发送」立即再试一次。
      </p>
      {items.length ? (
        <DataTable
          caption="待重试的通知"
          hideCaption
          wrapClass="admin-table"
          head={['编号', '类型', '产生时间', '已尝试', '下次重试', '最近的错误', '操作']}
          rows={items.map((e) => ({
            key: String(e.id),
            cells: [
              e.id,
              e.kindLabel,
              formatTime(e.createdAt),
              `${e.attempts} 次`,
              e.givenUp ? '已停止自动重试' : formatTime(e.nextTryAt),
              e.lastError ?? '—',
              <ConsoleActionButton key="r" path={`/admin/outbox/${e.id}/resend`} label="重新发送" confirmText={`确定重新发送第 ${e.id} 条通知吗？`} done="已提交重新发送" />,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">没有待重试的通知，所有通知均已送达。</p>
      )}
    </>
  );
}

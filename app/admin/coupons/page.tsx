import Link from 'next/link';
import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { COUPON_ISSUE_LABEL } from '@/lib/domain/coupon';
import { listCouponTemplates, type AdminCouponTemplate } from '@/lib/server/modules/coupons';
import { shopDateTime } from '@/lib/domain/shop-time';

export const metadata = { title: '优惠券' };

function validity(t: AdminCouponTemplate): string {
  if (t.validity.type === 'days') return `领取后 ${t.validity.days} 天`;
  return `${shopDateTime(new Date(t.validity.startAt)).slice(0, 16)} 至 ${shopDateTime(new Date(t.validity.endAt)).slice(0, 16)}`;
}

export default async function AdminCouponsPage() {
  await requirePageOperator();
  const templates = await listCouponTemplates();
  return (
    <>
      <div className="admin-toolbar">
        <h1>优惠券</h1>
        <Link className="btn btn-sm" href="/admin/coupons/new">
          新建优惠券
        </Link>
      </div>
      <p className="muted small">停发后不再发放新券，已发放的券在有效期内仍可使用。</p>
      {templates.length === 0 ? <p className="admin-panel">还没有优惠券。点「新建优惠券」设置第一张：满减券、无门槛券或折扣券。</p> : null}
      <DataTable
        caption="优惠券列表"
        hideCaption
        wrapClass="admin-table"
        head={['优惠券', '面额 · 条件', '适用范围', '有效期', '发放方式', '已发放 / 总量', '已使用', '状态', '操作']}
        rows={templates.map((t) => ({
          key: String(t.id),
          cells: [
            <span key="n">
              {t.name}
              <span className="muted small"> {t.kindLabel} #{t.id}</span>
            </span>,
            `${t.face} · ${t.condition}`,
            t.scopeText,
            validity(t),
            t.code ? `${COUPON_ISSUE_LABEL[t.issue]}（${t.code}）` : COUPON_ISSUE_LABEL[t.issue],
            `${t.issued} / ${t.total ?? '不限'}`,
            t.used,
            <span key="s" className={t.status === 'active' ? 'tag' : 'tag tag-warn'}>
              {t.statusLabel}
            </span>,
            <span key="a" className="row">
              <Link href={`/admin/coupons/${t.id}`}>编辑</Link>
              {t.status !== 'stopped' ? (
                <ConsoleActionButton path={`/admin/coupons/${t.id}/stop`} label="停发" className="btn btn-ghost btn-sm" confirmText={`停发「${t.name}」？已发放的券仍可使用。`} done="已停发" />
              ) : null}
            </span>,
          ],
        }))}
      />
    </>
  );
}

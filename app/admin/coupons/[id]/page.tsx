import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/admin/audit-panel';
import { CouponCodesForm } from '@/components/admin/coupon-codes-form';
import { CouponForm } from '@/components/admin/coupon-form';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { orNullIfNotFound } from '@/lib/server/errors';
import { listAudit } from '@/lib/server/views/audit-log';
import { couponScopeOptions, getCouponTemplate } from '@/lib/server/modules/coupons';

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: '编辑优惠券' };

export default async function AdminCouponPage({ params }: Props) {
  await requirePageOperator();
  const raw = (await params).id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (id === null) notFound();
  const [t, options, audit] = await Promise.all([orNullIfNotFound(getCouponTemplate(id)), couponScopeOptions(), listAudit({ entity: 'coupon_template', entityId: String(id), pageSize: 50 })]);
  if (!t) notFound();
  return (
    <>
      <p className="small">
        <Link href="/admin/coupons">← 返回优惠券列表</Link>
      </p>
      <h1>
        {t.name} <span className="muted small">#{t.id} · 已发放 {t.issued} 张 · 已使用 {t.used} 张 · {t.statusLabel}</span>
      </h1>
      <div className="admin-grid">
        <section className="admin-panel" aria-labelledby="c-form">
          <h2 id="c-form">券设置</h2>
          <CouponForm key={`${t.id}-${t.issued}-${t.name}`} template={t} {...options} />
        </section>
        <div>
          {t.issue === 'code' && t.status !== 'stopped' ? (
            <section className="admin-panel" aria-labelledby="c-codes">
              <h2 id="c-codes">一次性兑换码</h2>
              <CouponCodesForm templateId={t.id} />
            </section>
          ) : null}
          <AuditPanel rows={audit.items} />
        </div>
      </div>
    </>
  );
}

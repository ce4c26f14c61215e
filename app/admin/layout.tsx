import type { Metadata } from 'next';
import Link from 'next/link';
import { AdminNav } from '@/components/admin/admin-nav';
import { LogoutButton } from '@/components/auth/logout-button';
import { SHOP_NAME } from '@/lib/shop-identity';
import { requirePageOperator } from '@/lib/auth/page-operator';
import './admin.css';

export const metadata: Metadata = {
  title: { template: `%s - ${SHOP_NAME}运营后台`, default: `${SHOP_NAME}运营后台` },
  robots: { index: false, follow: false },
};

/** The operator console's own desktop frame (not the shop chrome); only operators ever see it. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const operator = await requirePageOperator();
  return (
    <div className="admin-shell">
      <aside className="admin-side">
        <Link href="/admin" className="admin-brand">
          {SHOP_NAME} · 运营后台
        </Link>
        <AdminNav />
      </aside>
      <div className="admin-body">
        <header className="admin-top">
          <span className="muted small">运营人员 {operator.nickname ? `${operator.nickname}（${operator.phone}）` : operator.phone}</span>
          <span className="row">
            <Link href="/" className="small">
              返回商城
            </Link>
            <LogoutButton />
          </span>
        </header>
        <main id="main" className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}

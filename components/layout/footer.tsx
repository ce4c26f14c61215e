import Link from 'next/link';
import { COMPANY_ADDRESS, COMPANY_NAME, SERVICE_EMAIL, SERVICE_PHONE } from '@/lib/constants';
import { FOOTER_NAV } from './nav-links';

const PROMISES = [
  { title: '官方正品', text: '量盾科技直营，整机全国联保' },
  { title: '满 ¥99 包邮', text: '顺丰发货，偏远地区同样包邮' },
  { title: '7 天无理由', text: '未激活设备签收后 7 天可退' },
  { title: '电子发票', text: '普通发票与增值税专用发票' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="promises">
          {PROMISES.map((p) => (
            <div key={p.title}>
              <strong>{p.title}</strong>
              {p.text}
            </div>
          ))}
        </div>
        <div className="grid grid-4 desktop-only">
          {FOOTER_NAV.map((col) => (
            <div key={col.title}>
              <h2>{col.title}</h2>
              <ul>
                {col.links.map((l) => (
                  <li key={l.href}>
                    <Link href={l.href} prefetch={false}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p style={{ marginTop: 20 }}>
          客服热线 {SERVICE_PHONE}（每天 9:00–21:00） · 邮箱 {SERVICE_EMAIL}
          <br />
          {COMPANY_NAME} · {COMPANY_ADDRESS.addressRegion}
          {COMPANY_ADDRESS.addressLocality}
          {COMPANY_ADDRESS.streetAddress}
        </p>
        <p>© 2026 {COMPANY_NAME} 版权所有</p>
      </div>
    </footer>
  );
}

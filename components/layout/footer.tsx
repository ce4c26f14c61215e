import Link from 'next/link';
import { LinkItems } from '@/components/ui/link-menu';
import { FOOTER_PROMISES } from '@/content/shop-rules';
import { COMPANY_ADDRESS, COMPANY_NAME, PRIVACY_PATH, SERVICE_EMAIL, SERVICE_PHONE, TERMS_PATH } from '@/lib/shop-identity';
import { SUPPORT_HOURS_TEXT } from '@/lib/domain/support';
import { IcpLink } from './icp-link';
import { FOOTER_NAV } from './nav-links';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="promises">
          {FOOTER_PROMISES.map((p) => (
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
              <LinkItems links={col.links} />
            </div>
          ))}
        </div>
        <p className="footer-contact">
          <Link href="/Support" prefetch={false}>
            在线客服
          </Link>{' '}
          · 客服热线 {SERVICE_PHONE}（每天 {SUPPORT_HOURS_TEXT}） · 邮箱 {SERVICE_EMAIL}
          <br />
          {COMPANY_NAME} · {COMPANY_ADDRESS.addressRegion}
          {COMPANY_ADDRESS.addressLocality}
          {COMPANY_ADDRESS.streetAddress}
        </p>
        <p className="footer-legal">
          <span>© 2026 {COMPANY_NAME} 版权所有</span>
          <Link href={TERMS_PATH}>用户协议</Link>
          <Link href={PRIVACY_PATH}>隐私政策</Link>
          <IcpLink />
        </p>
      </div>
    </footer>
  );
}

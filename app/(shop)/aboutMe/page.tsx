import Link from 'next/link';
import { DataTable } from '@/components/help/guide-blocks';
import { PageHero } from '@/components/help/page-hero';
import { Steps } from '@/components/help/steps';
import { CONTACT } from '@/content/help/company';
import { COMPANY_ADDRESS, COMPANY_NAME, SERVICE_EMAIL } from '@/lib/shop-identity';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/aboutMe');

export default function ContactPage() {
  const a = COMPANY_ADDRESS;
  return (
    <div className="help-page">
      <PageHero title="联系我们" lead={CONTACT.lead} />

      <section className="section" aria-labelledby="channels">
        <h2 id="channels">联系方式</h2>
        <ul className="grid grid-4 help-list contact-channels">
          {CONTACT.channels.map((c) => (
            <li key={c.title} className="card">
              <h3>{c.title}</h3>
              <p className="help-contact-value">
                <a href={c.href}>{c.value}</a>
              </p>
              <p className="muted small">{c.text}</p>
            </li>
          ))}
          <li className="card">
            <h3>公司地址</h3>
            <address className="help-contact-address">
              {COMPANY_NAME}
              <br />
              {a.addressRegion}
              {a.addressLocality}
              {a.streetAddress}
              <br />
              邮编 {a.postalCode}
            </address>
            <p className="muted small">到访请提前一个工作日预约。</p>
          </li>
        </ul>
      </section>

      <section className="section card" aria-labelledby="hours">
        <h2 id="hours">服务时间</h2>
        <DataTable {...CONTACT.hours} hideCaption />
      </section>

      <section className="section card" aria-labelledby="enterprise">
        <h2 id="enterprise">企业采购</h2>
        <p>单位批量采购量盾设备或订阅量子安全服务，可享受：</p>
        <ul className="feature-list">
          {CONTACT.enterprise.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p style={{ marginTop: 16 }}>
          请通过<Link href="/deployment">私有化部署咨询</Link>留下需求，或发送邮件至 <a href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</a>
          并在标题中注明“企业采购”，企业采购顾问会在一个工作日内与您联系。
        </p>
      </section>

      <section className="section card" aria-labelledby="after-sales">
        <h2 id="after-sales">售后服务流程</h2>
        <Steps steps={CONTACT.afterSales} />
        <p className="muted small" style={{ marginTop: 12 }}>
          退换货与保修的详细规则见<Link href="/helpCenter/userGuide#after-sales">购物指南 · 退换货与售后</Link>。
        </p>
      </section>
    </div>
  );
}

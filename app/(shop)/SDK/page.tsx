import Link from 'next/link';
import { DataTable } from '@/components/help/guide-blocks';
import { PageHero } from '@/components/help/page-hero';
import { Steps } from '@/components/help/steps';
import { SDK } from '@/content/help/developer';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/SDK');

export default function SdkPage() {
  return (
    <div className="help-page">
      <PageHero title="量子安全开发者 SDK" lead={SDK.lead}>
        <Link href="/deployment" className="btn">
          申请开通
        </Link>
      </PageHero>

      <section className="section" aria-labelledby="offers">
        <h2 id="offers">SDK 提供什么</h2>
        <ul className="grid grid-3 help-list">
          {SDK.offers.map((o) => (
            <li key={o.title} className="card">
              <h3>{o.title}</h3>
              <p className="small">{o.text}</p>
              <ul className="feature-list small">
                {o.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="section card" aria-labelledby="platforms">
        <h2 id="platforms">支持的平台</h2>
        <DataTable {...SDK.platforms} hideCaption />
      </section>

      <section className="section card" aria-labelledby="sample">
        <h2 id="sample">代码示例</h2>
        <h3>{SDK.sample.title}</h3>
        <pre className="help-code" tabIndex={0} aria-label="代码示例">
          <code>{SDK.sample.code}</code>
        </pre>
        <p className="muted small">{SDK.sample.note}</p>
      </section>

      <section className="section card" aria-labelledby="access">
        <h2 id="access">如何申请</h2>
        <Steps steps={SDK.access} />
        <p style={{ marginTop: 16 }}>
          <Link href="/deployment" className="btn">
            前往私有化部署咨询提交申请
          </Link>
        </p>
      </section>
    </div>
  );
}

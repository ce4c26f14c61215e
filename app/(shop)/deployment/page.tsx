import { LeadForm } from '@/components/deployment/lead-form';
import { DataTable } from '@/components/help/guide-blocks';
import { PageHero } from '@/components/help/page-hero';
import { Steps } from '@/components/help/steps';
import { TextGrid } from '@/components/help/text-grid';
import { DEPLOYMENT } from '@/content/help/developer';
import { SERVICE_PHONE } from '@/lib/shop-identity';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/deployment');

export default function DeploymentPage() {
  return (
    <div className="help-page">
      <PageHero title="私有化部署咨询" lead={DEPLOYMENT.lead}>
        <a href="#lead" className="btn">
          留下需求
        </a>
      </PageHero>

      <section className="section" aria-labelledby="deployables">
        <h2 id="deployables">可以私有化部署的产品</h2>
        <TextGrid items={DEPLOYMENT.deployables} />
      </section>

      <section className="section card" aria-labelledby="modes">
        <h2 id="modes">部署方式</h2>
        <DataTable {...DEPLOYMENT.modes} hideCaption />
      </section>

      <section className="section card" aria-labelledby="process">
        <h2 id="process">合作流程</h2>
        <Steps steps={DEPLOYMENT.process} />
      </section>

      <section className="section card" aria-labelledby="lead">
        <h2 id="lead">提交部署需求</h2>
        <p className="muted">
          填写以下信息，专属顾问将在一个工作日内与您联系。也可以直接拨打 {SERVICE_PHONE} 转企业采购顾问（工作日 9:00–18:00）。
        </p>
        <LeadForm />
      </section>
    </div>
  );
}

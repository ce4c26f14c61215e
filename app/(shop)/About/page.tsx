import Link from 'next/link';
import { PageHero } from '@/components/help/page-hero';
import { TextGrid } from '@/components/help/text-grid';
import { ABOUT } from '@/content/help/company';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/About');

export default function AboutPage() {
  return (
    <div className="help-page">
      <PageHero title="关于量盾" lead={ABOUT.lead}>
        <Link href="/userStories" className="btn">
          客户案例
        </Link>
        <Link href="/aboutMe" className="btn btn-ghost">
          联系我们
        </Link>
      </PageHero>

      <section className="section card prose" aria-labelledby="mission">
        <h2 id="mission">我们的使命</h2>
        {ABOUT.mission.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>

      <section className="section" aria-labelledby="technology">
        <h2 id="technology">核心技术</h2>
        <TextGrid items={ABOUT.technology} />
      </section>

      <section className="section card" aria-labelledby="milestones">
        <h2 id="milestones">发展历程</h2>
        <ol className="help-timeline">
          {ABOUT.milestones.map((m) => (
            <li key={m.year}>
              <time dateTime={String(m.year)}>{m.year}</time>
              <p>{m.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="certifications">
        <h2 id="certifications">资质与认证</h2>
        <TextGrid items={ABOUT.certifications} columns={4} />
        <p className="muted small" style={{ marginTop: 12 }}>
          {ABOUT.certificationNote}
        </p>
      </section>

      <section className="section card" aria-labelledby="work-with-us">
        <h2 id="work-with-us">与我们合作</h2>
        <p>
          开发者可以通过<Link href="/SDK">量盾开发者 SDK</Link>在自己的产品中接入量子密钥；政企客户可以预约
          <Link href="/deployment">私有化部署咨询</Link>；使用中遇到问题，请访问<Link href="/helpCenter">帮助中心</Link>。
        </p>
      </section>
    </div>
  );
}

import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { STORIES, STORY_PRODUCTS, type Story } from '@/content/stories';
import { StoryCards } from './story-cards';

/** One customer case: who, the challenge, our solution, measured results, the client's words. */
export function StoryDetail({ story }: { story: Story }) {
  const others = STORIES.filter((s) => s.id !== story.id).slice(0, 3);
  return (
    <div className="help-page">
      <Breadcrumbs
        items={[
          { name: '首页', path: '/' },
          { name: '客户案例', path: '/userStories' },
          { name: story.client, path: `/userStoreProc/${story.id}` },
        ]}
      />
      <article className="card prose help-story">
        <span className="tag">{story.industry}</span>
        <h1>{story.title}</h1>
        <p className="help-lead">{story.summary}</p>
        <div className="help-story-head">
          <img src={story.image.src} alt={story.image.alt} width={story.image.width} height={story.image.height} />
          <dl className="help-dl">
            <dt>客户</dt>
            <dd>{story.client}</dd>
            <dt>行业</dt>
            <dd>{story.industry}</dd>
            <dt>规模</dt>
            <dd>{story.scale}</dd>
            <dt>上线</dt>
            <dd>{story.since} 年</dd>
            <dt>使用产品</dt>
            <dd>
              {story.products.map((p, i) => (
                <span key={p}>
                  {i > 0 ? '、' : ''}
                  <Link href={STORY_PRODUCTS[p].href}>{STORY_PRODUCTS[p].name}</Link>
                </span>
              ))}
            </dd>
          </dl>
        </div>

        <h2 id="challenge">挑战</h2>
        {story.challenge.map((p) => (
          <p key={p}>{p}</p>
        ))}

        <h2 id="solution">解决方案</h2>
        {story.solution.map((p) => (
          <p key={p}>{p}</p>
        ))}

        <h2 id="results">成效</h2>
        <ul className="help-metrics">
          {story.results.map((r) => (
            <li key={r.label}>
              <strong>{r.value}</strong>
              <span className="small">{r.label}</span>
            </li>
          ))}
        </ul>
        <p>{story.resultText}</p>

        <figure className="help-quote">
          <blockquote>
            <p>“{story.quote.text}”</p>
          </blockquote>
          <figcaption>
            —— {story.client}
            {story.quote.by}
          </figcaption>
        </figure>

        <p className="notice">
          想了解这套方案是否适合您的单位？<Link href="/deployment">预约私有化部署咨询</Link>，专属顾问一个工作日内与您联系。
        </p>
      </article>

      <section className="section" aria-labelledby="more-stories">
        <div className="section-title">
          <h2 id="more-stories">更多案例</h2>
          <Link href="/userStories">全部客户案例</Link>
        </div>
        <StoryCards stories={others} headingLevel={3} />
      </section>
    </div>
  );
}

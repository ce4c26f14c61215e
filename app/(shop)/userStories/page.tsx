import Link from 'next/link';
import { PageHero } from '@/components/help/page-hero';
import { StoryCards } from '@/components/stories/story-cards';
import { STORIES } from '@/content/stories';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/userStories');

export default function UserStoriesPage() {
  return (
    <div className="help-page">
      <PageHero
        title="客户案例"
        lead="从证券公司的并购项目到山区的输电线路巡检，看看不同行业的客户如何用量盾量子加密产品保护通话、文件与会议。案例中的数据由客户在上线后自行统计，客户名称应其要求以地区和行业代称。"
      >
        <Link href="/deployment" className="btn">
          预约方案咨询
        </Link>
      </PageHero>
      <section className="section" aria-label="案例列表">
        <StoryCards stories={STORIES} />
      </section>
      <section className="section card" aria-labelledby="next">
        <h2 id="next">您的行业也有类似的问题？</h2>
        <p>
          量子邮箱、量子钉、量子会议与量子身份均支持私有化部署，量盾耳机与移动硬盘支持由单位统一托管密钥。留下需求，专属顾问会结合您的场景给出方案与报价。
        </p>
        <Link href="/deployment" className="btn">
          私有化部署咨询
        </Link>
      </section>
    </div>
  );
}

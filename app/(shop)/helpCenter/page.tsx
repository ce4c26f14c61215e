import Link from 'next/link';
import { FaqList } from '@/components/help/faq-list';
import { PageHero } from '@/components/help/page-hero';
import { TopicCards } from '@/components/help/topic-cards';
import { VideoCards } from '@/components/help/video-cards';
import { FAQ_GROUPS } from '@/content/help/faq';
import { GUIDE_TOPICS, SERVICE_TOPICS } from '@/content/help/topics';
import { VIDEOS } from '@/content/help/videos';
import { SERVICE_PHONE } from '@/lib/shop-identity';
import { SUPPORT_HOURS_TEXT } from '@/lib/domain/support';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/helpCenter');

export default function HelpCenterPage() {
  return (
    <div className="help-page">
      <PageHero
        title="帮助中心"
        lead={`下单、付款、配送、发票、退换货，以及量盾耳机和移动硬盘的使用方法，都可以在这里找到答案。找不到时，请拨打客服热线 ${SERVICE_PHONE}（每天 ${SUPPORT_HOURS_TEXT}）。`}
      />

      <section className="section" aria-labelledby="guides">
        <h2 id="guides">使用指南</h2>
        <TopicCards topics={GUIDE_TOPICS} />
      </section>

      <section className="section" aria-labelledby="videos">
        <h2 id="videos">视频教程</h2>
        <p className="muted">视频在量盾 App 中播放，每个教程在网页上都有完整的章节与文字稿。</p>
        <VideoCards videos={VIDEOS} />
      </section>

      <section className="section card" aria-labelledby="faq">
        <h2 id="faq">常见问题</h2>
        <FaqList groups={FAQ_GROUPS} />
      </section>

      <section className="section" aria-labelledby="more-help">
        <h2 id="more-help">更多服务</h2>
        <TopicCards topics={SERVICE_TOPICS} />
        <p className="muted small" style={{ marginTop: 12 }}>
          没有找到需要的内容？<Link href="/Support">在线客服</Link>为您解答（每天 {SUPPORT_HOURS_TEXT}），也可以<Link href="/aboutMe">联系我们</Link>。
        </p>
      </section>
    </div>
  );
}

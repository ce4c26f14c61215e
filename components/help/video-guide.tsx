import Link from 'next/link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import type { VideoGuide } from '@/content/help/types';
import { relatedVideos } from '@/content/help/videos';
import { SERVICE_EMAIL, SERVICE_PHONE } from '@/lib/shop-identity';
import { VideoCards } from './video-cards';

const chapterId = (n: number) => `chapter-${n + 1}`;

/** "3:48" → "PT3M48S" for <time dateTime>. */
function isoDuration(mmss: string): string {
  const [m, s] = mmss.split(':').map(Number);
  return `PT${m}M${s}S`;
}

/**
 * One video guide: poster, where to watch it, chapters (linking into the transcript), the full
 * transcript and related videos. The video itself plays in the 量盾 App.
 */
export function VideoGuideView({ video }: { video: VideoGuide }) {
  const path = `/helpCenter/videoGuide/${video.id}`;
  return (
    <div className="help-page">
      <Breadcrumbs
        items={[
          { name: '首页', path: '/' },
          { name: '帮助中心', path: '/helpCenter' },
          { name: video.title, path },
        ]}
      />
      <article className="card prose help-video">
        <h1>{video.title}</h1>
        <p className="muted small">
          视频教程 · 时长 <time dateTime={isoDuration(video.duration)}>{video.duration}</time> · {video.chapters.length} 个章节
        </p>
        <figure className="help-poster">
          <img src={video.poster.src} alt={video.poster.alt} width={video.poster.width} height={video.poster.height} />
          <figcaption className="help-poster-badge">在量盾 App 中观看 · {video.duration}</figcaption>
        </figure>
        <p>{video.summary}</p>
        <p className="notice">
          本视频在量盾 App 的“帮助 › 视频教程”中播放。本页提供完整的章节与文字稿，内容与视频一致；单位内部培训需要视频文件的，可致电{' '}
          <a href={`tel:${SERVICE_PHONE.replace(/-/g, '')}`}>{SERVICE_PHONE}</a> 或发邮件至 <a href={`mailto:${SERVICE_EMAIL}`}>{SERVICE_EMAIL}</a>{' '}
          索取。图文版说明见<Link href={video.guide.href}>{video.guide.label}</Link>。
        </p>

        <section aria-labelledby="chapters">
          <h2 id="chapters">章节</h2>
          <ol className="help-chapters">
            {video.chapters.map((c, n) => (
              <li key={c.start}>
                <a href={`#${chapterId(n)}`}>
                  <time dateTime={isoDuration(c.start)}>{c.start}</time>
                  <span>{c.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="transcript" className="help-transcript">
          <h2 id="transcript">文字稿</h2>
          {video.chapters.map((c, n) => (
            <section key={c.start} aria-labelledby={chapterId(n)}>
              <h3 id={chapterId(n)}>
                <time className="muted" dateTime={isoDuration(c.start)}>
                  {c.start}
                </time> {c.title}
              </h3>
              {c.transcript.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        </section>
      </article>

      <section className="section" aria-labelledby="related-videos">
        <h2 id="related-videos">相关视频</h2>
        <VideoCards videos={relatedVideos(video)} />
      </section>
    </div>
  );
}

import Link from 'next/link';
import type { VideoGuide } from '@/content/help/types';

/** Video guides as poster cards linking to /helpCenter/videoGuide/{id}. */
export function VideoCards({ videos, headingLevel = 3 }: { videos: VideoGuide[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid grid-3 help-list">
      {videos.map((v) => (
        <li key={v.id}>
          <Link href={`/helpCenter/videoGuide/${v.id}`} className="card help-card-link help-media">
            <img src={v.poster.src} alt="" width={v.poster.width} height={v.poster.height} loading="lazy" />
            <div className="body">
              <Heading className="help-media-title">{v.title}</Heading>
              <span className="muted small">
                时长 {v.duration} · {v.chapters.length} 个章节
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

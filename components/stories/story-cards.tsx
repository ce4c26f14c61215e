import Link from 'next/link';
import type { Story } from '@/content/stories';

/** Customer cases as cards linking to /userStoreProc/{id}. */
export function StoryCards({ stories, headingLevel = 2 }: { stories: Story[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid grid-3 help-list">
      {stories.map((s) => (
        <li key={s.id}>
          <Link href={`/userStoreProc/${s.id}`} className="card help-card-link help-media">
            <img src={s.image.src} alt="" width={s.image.width} height={s.image.height} loading="lazy" />
            <div className="body">
              <span className="tag">{s.industry}</span>
              <Heading className="help-media-title">{s.title}</Heading>
              <span className="muted small">
                {s.client} · {s.scale}
              </span>
              <span className="help-metric-line">
                <strong>{s.results[0].value}</strong> {s.results[0].label}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

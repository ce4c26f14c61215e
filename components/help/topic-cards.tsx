import Link from 'next/link';
import type { HelpTopic } from '@/content/help/topics';

/** A grid of link cards, one per help topic. */
export function TopicCards({ topics, columns = 4 }: { topics: HelpTopic[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`grid grid-${columns} help-list`}>
      {topics.map((t) => (
        <li key={t.href}>
          <Link href={t.href} className="card help-card-link" lang={t.lang}>
            <strong>{t.title}</strong>
            <span className="muted small">{t.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

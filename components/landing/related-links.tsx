import Link from 'next/link';
import type { LinkItem } from '@/content/landing/types';

/** Links to related pages, each with its own visible title and a line of text. */
export function RelatedLinks({ links }: { links: LinkItem[] }) {
  return (
    <ul className="grid grid-3 landing-links">
      {links.map((l) => (
        <li key={l.href}>
          <Link href={l.href} className="card" prefetch={false}>
            <strong>{l.title}</strong>
            <span className="muted small">{l.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

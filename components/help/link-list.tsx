import Link from 'next/link';
import type { HelpLink } from '@/content/help/types';

/** A titled list of links (related help, further reading). */
export function LinkList({ id, title, links }: { id: string; title: string; links: HelpLink[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

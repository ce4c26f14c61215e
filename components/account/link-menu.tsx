import Link from 'next/link';

export type MenuLink = { href: string; label: string };

/** A list of links shown as a mobile menu (我的, 设置). */
export function LinkMenu({ label, links }: { label: string; links: readonly MenuLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="menu-list">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} prefetch={false}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import Link from 'next/link';

/** `extra`: drawn after the label inside the link (我的's 在线客服 shows its unread count there). */
export type MenuLink = { href: string; label: string; extra?: React.ReactNode };

/** A plain list of links (the footer's columns, the mobile menus). */
export function LinkItems({ links, className }: { links: readonly MenuLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.href}>
          <Link href={l.href} prefetch={false}>
            {l.label}
            {l.extra}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A list of links shown as a mobile menu (我的, 设置). */
export function LinkMenu({ label, links }: { label: string; links: readonly MenuLink[] }) {
  return (
    <nav aria-label={label}>
      <LinkItems links={links} className="menu-list" />
    </nav>
  );
}

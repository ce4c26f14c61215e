'use client';
/** The console's sidebar links; the current section is marked for screen readers and the eye. */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ADMIN_NAV } from '@/lib/web/admin-paths';

export function AdminNav() {
  const pathname = usePathname();
  const current = (href: string) => (href === '/admin' ? pathname === '/admin' : pathname === href || pathname.startsWith(`${href}/`));
  return (
    <nav aria-label="运营后台">
      <ul>
        {ADMIN_NAV.map((n) => (
          <li key={n.href}>
            <Link href={n.href} aria-current={current(n.href) ? 'page' : undefined}>
              {n.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

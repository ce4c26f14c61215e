import Link from 'next/link';
import { routeLabel } from '@/lib/seo/routes';

/** The four tabs of the desktop personal center, in order. */
export const PERSONAL_CENTER_TABS = [
  '/personalCenter/PersonalInfo',
  '/personalCenter/PersonalOrder',
  '/personalCenter/PersonalAddress',
  '/personalCenter/PersonalShoppCart',
] as const;

export function isPersonalCenterPath(path: string): boolean {
  return (PERSONAL_CENTER_TABS as readonly string[]).includes(path);
}

/** Tab nav of the personal center; the page passes its own path, so no client code is needed. */
export function PersonalCenterTabs({ active }: { active: string }) {
  return (
    <nav className="pc-nav" aria-label="个人中心">
      <p className="pc-nav-title">个人中心</p>
      <ul>
        {PERSONAL_CENTER_TABS.map((path) => (
          <li key={path}>
            <Link href={path} prefetch={false} aria-current={path === active ? 'page' : undefined}>
              {routeLabel(path)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

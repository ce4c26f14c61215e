import Link from 'next/link';
import { screenHref } from '@/lib/domain/screens';
import { breadcrumbTrail, routeLabel } from '@/lib/seo/routes';

/** The tabs of the desktop personal center, in order: the desktop pages of these screens. */
const PERSONAL_CENTER_TABS = (['profile', 'orders', 'messages', 'reviews', 'afterSales', 'priceProtect', 'coupons', 'services', 'favorites', 'history', 'invoice', 'address', 'cart'] as const).map((s) => screenHref(s, 'desktop'));

/** Pages inside the personal center that are no tab of their own: the tab they belong to stays marked. */
const UNDER_TAB: Record<string, string> = { [screenHref('messageSettings', 'desktop')]: screenHref('messages', 'desktop') };

export function isPersonalCenterPath(path: string): boolean {
  return PERSONAL_CENTER_TABS.includes(path) || path in UNDER_TAB;
}

/** 首页 › 个人中心 › the tab: the tabs are one area, entered at its first tab. */
export function personalCenterTrail(path: string): { name: string; path: string }[] {
  return [breadcrumbTrail('/')[0], { name: '个人中心', path: PERSONAL_CENTER_TABS[0] }, { name: routeLabel(path), path }];
}

/** Tab nav of the personal center; the page passes its own path, so no client code is needed. */
export function PersonalCenterTabs({ active: path }: { active: string }) {
  const active = UNDER_TAB[path] ?? path;
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

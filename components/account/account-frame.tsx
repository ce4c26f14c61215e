import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { LoginPrompt } from '@/components/ui/login-prompt';
import type { Profile } from '@/components/auth/types';
import { getPageUser } from '@/lib/auth/page-session';
import { breadcrumbTrail, routeLabel, routeMeta } from '@/lib/seo/routes';
import { isPersonalCenterPath, PersonalCenterTabs, personalCenterTrail } from './personal-center-tabs';

type Props = {
  /** The route, as spelled in lib/seo/routes.ts. */
  path: string;
  /** The h1; defaults to the route's label. */
  heading?: string;
  /** What the login prompt says the visitor will see after logging in. */
  what: string;
  intro?: React.ReactNode;
  /** The intro an anonymous visitor sees instead (a logged-in user has the screen itself to go by). */
  guestIntro?: string;
  /** Frame shown between the heading and the login prompt (steps, status tabs). */
  top?: React.ReactNode;
  /** Frame shown after the login prompt (rules, explanations, links). */
  children?: React.ReactNode;
  /** The page's user when the page has read it already (null = anonymous); otherwise the frame reads it. */
  user?: Profile | null;
  /** What a logged-in user sees in place of the login prompt. */
  account?: (user: Profile) => React.ReactNode;
  /**
   * A screen that is the same for every visitor (the cart, which keeps a visitor's lines too): shown in
   * place of the login prompt, and the frame reads no session, so the page can be cached whole.
   */
  anyone?: React.ReactNode;
  /** What the screen would show, explained to an anonymous visitor after the login prompt (before `children`). */
  guestGuide?: React.ReactNode;
};

/**
 * The frame of a logged-in screen: breadcrumbs when the route has a parent, the one h1, the
 * screen's honest structure and, for anonymous visitors, the login prompt (logged-in users see
 * `account` there instead). Personal-center routes also get their tab nav. Reading the session
 * makes the page render per request, which private screens need.
 */
export async function AccountFrame({ path, heading, what, intro, guestIntro, top, children, user: given, account, anyone, guestGuide }: Props) {
  const user = anyone !== undefined ? null : given === undefined ? await getPageUser() : given;
  const lead = user ? intro : (guestIntro ?? intro);
  const trail = routeMeta(path).parent ? breadcrumbTrail(path) : isPersonalCenterPath(path) ? personalCenterTrail(path) : null;
  // The last crumb is the page itself: it reads as its h1 (新增收货地址 or 编辑收货地址 on one route).
  if (trail && heading) trail[trail.length - 1] = { ...trail[trail.length - 1], name: heading };
  const frame = (
    <div className="account-frame">
      {trail ? <Breadcrumbs items={trail} /> : null}
      <h1>{heading ?? routeLabel(path)}</h1>
      <div className="stack">
        {lead ? <p className="muted">{lead}</p> : null}
        {top}
        {anyone ?? (user ? (account ? account(user) : null) : <LoginPrompt what={what} />)}
        {user ? null : guestGuide}
        {children}
      </div>
    </div>
  );
  if (!isPersonalCenterPath(path)) return frame;
  return (
    <div className="pc-layout">
      <PersonalCenterTabs active={path} />
      {frame}
    </div>
  );
}

/**
 * Which paths exist, for proxy.ts. Next 16 answers a page's notFound() with an empty HTML body
 * (the 404 markup arrives only in the flight data), while a path that reaches the /404 route gets
 * the full 404 page. So the proxy sends every path that does not exist to /404 itself: fixed
 * routes from the metadata table, content ids from the content modules, product ids from the
 * catalog (kept in memory for a short while).
 */
import { STORIES } from '@/content/stories';
import { VIDEOS } from '@/content/help/videos';
import { ROUTES } from './seo/routes';

const OTHER_PREFIXES = ['/admin', '/sandbox', '/bench'];
const storyIds = new Set(STORIES.map((s) => s.id));
const videoIds = new Set(VIDEOS.map((v) => v.id));

export type PathKind = 'known' | 'unknown' | { productId: number };

export function classifyPath(path: string): PathKind {
  if (path in ROUTES) return 'known';
  if (OTHER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return 'known';
  let m = /^\/proc\/(\d{1,10})$/.exec(path);
  if (m) return String(Number(m[1])) === m[1] && Number(m[1]) <= 2_147_483_647 ? { productId: Number(m[1]) } : 'unknown';
  m = /^\/userStoreProc\/([^/]+)$/.exec(path);
  if (m) return storyIds.has(decodeURIComponent(m[1])) ? 'known' : 'unknown';
  m = /^\/helpCenter\/videoGuide\/([^/]+)$/.exec(path);
  if (m) return videoIds.has(decodeURIComponent(m[1])) ? 'known' : 'unknown';
  return 'unknown';
}

/**
 * Every route of the metadata table has a page file under app/(shop)/: `<path>/page.tsx` or a
 * cached page `<path>/[[...rest]]/page.tsx` ('/' is app/(shop)/[[...rest]]/page.tsx). An `indexcopy`
 * route may instead be served by its parent's `[[...rest]]` page (lib/server/cache/cached-route.ts isIndexCopy).
 * '/404' is served by app/not-found.tsx when no page exists for it.
 * This fails while pages are still being written; that is expected.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PARAM_ROUTES, ROUTES } from '@/lib/seo/routes';

const SHOP = path.resolve(process.cwd(), 'app/(shop)');

function candidates(route: string): string[] {
  const rel = route === '/' ? '' : route.slice(1);
  const list = [path.join(SHOP, rel, 'page.tsx'), path.join(SHOP, rel, '[[...rest]]', 'page.tsx')];
  if (route.endsWith('/indexcopy')) list.push(path.join(SHOP, path.dirname(rel), '[[...rest]]', 'page.tsx'));
  if (route === '/404') list.push(path.resolve(process.cwd(), 'app/not-found.tsx'));
  return list;
}

describe('page files', () => {
  it.each(Object.keys(ROUTES))('%s has a page under app/(shop)/', (route) => {
    const found = candidates(route).filter((f) => existsSync(f));
    expect(found, `expected one of:\n${candidates(route).join('\n')}`).not.toHaveLength(0);
  });

  it('a route is not served by both a plain and a cached page', () => {
    for (const route of Object.keys(ROUTES)) {
      const [plain, cached] = candidates(route);
      expect(existsSync(plain) && existsSync(cached), route).toBe(false);
    }
  });

  it.each([
    ['/proc/{id}', 'proc'],
    ['/userStoreProc/{id}', 'userStoreProc'],
    ['/helpCenter/videoGuide/{id}', 'helpCenter/videoGuide'],
  ])('%s has a page under app/(shop)/', (_route, dir) => {
    const options = ['[id]/page.tsx', '[id]/[[...rest]]/page.tsx'].map((f) => path.join(SHOP, dir, f));
    expect(options.filter((f) => existsSync(f)), options.join('\n')).not.toHaveLength(0);
    expect(PARAM_ROUTES.some((re) => re.test(`/${dir}/1`))).toBe(true);
  });
});

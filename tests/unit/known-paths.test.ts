import { describe, expect, it } from 'vitest';
import { VIDEOS } from '@/content/help/videos';
import { STORIES } from '@/content/stories';
import { classifyPath } from '@/lib/web/known-paths';
import { ROUTES } from '@/lib/seo/routes';

describe('classifyPath (proxy.ts: which paths exist)', () => {
  it.each(Object.keys(ROUTES))('%s is known', (path) => {
    expect(classifyPath(path)).toBe('known');
  });

  it('knows the operator and sandbox areas', () => {
    for (const path of ['/admin', '/admin/orders', '/sandbox/wechat']) expect(classifyPath(path), path).toBe('known');
  });

  it('every story and video id is known; others are not', () => {
    for (const s of STORIES) expect(classifyPath(`/userStoreProc/${encodeURIComponent(s.id)}`)).toBe('known');
    for (const v of VIDEOS) expect(classifyPath(`/helpCenter/videoGuide/${encodeURIComponent(v.id)}`)).toBe('known');
    expect(classifyPath('/userStoreProc/no-such-story')).toBe('unknown');
    expect(classifyPath('/helpCenter/videoGuide/no-such-video')).toBe('unknown');
  });

  it('product pages are decided by the catalog, for canonical ids only', () => {
    expect(classifyPath('/proc/10909')).toEqual({ productId: 10909 });
    expect(classifyPath('/proc/99999999')).toEqual({ productId: 99_999_999 });
    for (const path of ['/proc/010909', '/proc/abc', '/proc/-1', '/proc/1.5', '/proc/99999999999', '/proc/10909/x', '/proc/']) {
      expect(classifyPath(path), path).toBe('unknown');
    }
  });

  it('anything else is unknown', () => {
    for (const path of ['/no-such-page', '/quantumDisk/xyz', '/helpCenter/nope/deeper', '/about', '/cart', '/404/x', '/adminx']) {
      expect(classifyPath(path), path).toBe('unknown');
    }
  });
});

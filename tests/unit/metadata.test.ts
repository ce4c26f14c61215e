import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metadata } from 'next';
import { SEED_PRODUCTS } from '@/lib/server/db/seed-catalog';
import { productMetadata, routeMetadata } from '@/lib/seo/metadata';
import { ROUTES, breadcrumbTrail, PRIVATE_ROUTES, PUBLIC_ROUTES } from '@/lib/seo/routes';

const SITE = 'https://shop.example.cn';
const SPECIAL_IDS = [10909, 10913, 10914, 10915];

beforeEach(() => vi.stubEnv('SITE_URL', SITE));
afterEach(() => vi.unstubAllEnvs());

function titleOf(m: Metadata): string {
  const t = m.title;
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object' && 'absolute' in t) return t.absolute;
  throw new Error(`unexpected title ${JSON.stringify(t)}`);
}

function seedProduct(id: number) {
  const p = SEED_PRODUCTS.find((x) => x.id === id);
  if (!p) throw new Error(`seed product ${id} missing`);
  return p;
}

describe('productMetadata of the four special ids', () => {
  // Built inside each test: SITE_URL is stubbed in beforeEach.
  const build = () =>
    SPECIAL_IDS.map((id) => {
      const p = seedProduct(id);
      return {
        id,
        p,
        m: productMetadata({ id, seo: { title: p.seoTitle, description: p.seoDescription, keywords: p.seoKeywords }, images: p.images }),
      };
    });

  it.each(SPECIAL_IDS)('product %i has its own title, description, keywords and canonical', (id) => {
    const { p, m } = build().find((x) => x.id === id)!;
    expect(p.seoTitle.trim()).not.toBe('');
    expect(p.seoDescription.trim()).not.toBe('');
    expect(p.seoKeywords.trim()).not.toBe('');
    expect(titleOf(m)).toBe(p.seoTitle);
    expect(m.description).toBe(p.seoDescription);
    expect(m.keywords).toBe(p.seoKeywords);
    expect(m.alternates?.canonical).toBe(`${SITE}/proc/${id}`);
    expect(m.robots).toEqual({ index: true, follow: true });
    expect(m.openGraph?.url).toBe(`${SITE}/proc/${id}`);
  });

  it('no two of them share a title, description or keywords', () => {
    const metas = build();
    for (const field of ['title', 'description', 'keywords'] as const) {
      const values = metas.map(({ m }) => (field === 'title' ? titleOf(m) : String(m[field])));
      expect(new Set(values).size, field).toBe(SPECIAL_IDS.length);
    }
  });

  it('none of them reuses the home page title', () => {
    for (const { m } of build()) expect(titleOf(m)).not.toBe(ROUTES['/'].title);
  });
});

describe('routeMetadata', () => {
  it.each(Object.keys(ROUTES))('%s: title from the table, canonical, robots', (path) => {
    const r = ROUTES[path];
    const m = routeMetadata(path);
    expect(titleOf(m)).toBe(r.title);
    expect(m.description).toBe(r.description);
    expect(m.keywords).toBe(r.keywords);
    expect(m.alternates?.canonical).toBe(`${SITE}${r.canonical ?? path}`);
    expect(m.robots).toEqual(r.private ? { index: false, follow: false } : { index: true, follow: true });
  });

  it('private (logged-in) routes are noindex', () => {
    expect(PRIVATE_ROUTES).toEqual(expect.arrayContaining(['/Cart', '/User', '/OrderDetailPC', '/personalCenter/PersonalInfo']));
    for (const path of PRIVATE_ROUTES) expect(routeMetadata(path).robots).toEqual({ index: false, follow: false });
    for (const path of PUBLIC_ROUTES) expect(routeMetadata(path).robots).toEqual({ index: true, follow: true });
  });

  it('indexcopy pages use their parent as canonical', () => {
    for (const parent of ['/quantumDing', '/quantumMeeting', '/quantumIdentity']) {
      expect(routeMetadata(`${parent}/indexcopy`).alternates?.canonical).toBe(`${SITE}${parent}`);
    }
  });

  it('the English guide is marked en_US, the rest zh_CN', () => {
    expect(routeMetadata('/helpCenter/budsUserGuideEn').openGraph).toMatchObject({ locale: 'en_US' });
    expect(routeMetadata('/helpCenter/budsUserGuide').openGraph).toMatchObject({ locale: 'zh_CN' });
  });

  it('every route has its own title', () => {
    const titles = Object.values(ROUTES).map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('throws for a path outside the table', () => {
    expect(() => routeMetadata('/no-such-page')).toThrow();
  });
});

describe('breadcrumbTrail', () => {
  it('the home page is a trail of one', () => {
    expect(breadcrumbTrail('/')).toEqual([{ name: '首页', path: '/' }]);
  });

  it('follows parents from the table', () => {
    expect(breadcrumbTrail('/quantumHeadset_200')).toEqual([
      { name: '首页', path: '/' },
      { name: '量子加密头戴耳机', path: '/quantumHeadset' },
      { name: '量盾 200', path: '/quantumHeadset_200' },
    ]);
    expect(breadcrumbTrail('/OrderDetail').map((c) => c.path)).toEqual(['/', '/User', '/Order', '/OrderDetail']);
    expect(breadcrumbTrail('/helpCenter/userGuide').map((c) => c.name)).toEqual(['首页', '帮助中心', '购物指南']);
  });

  it.each(Object.keys(ROUTES))('%s: starts at 首页, ends at itself, every step is in the table', (path) => {
    const trail = breadcrumbTrail(path);
    expect(trail[0]).toEqual({ name: '首页', path: '/' });
    expect(trail.at(-1)?.path).toBe(path);
    expect(trail.length).toBeLessThan(8);
    for (const c of trail) {
      expect(ROUTES[c.path]).toBeDefined();
      expect(c.name.trim()).not.toBe('');
    }
    // Nested routes (a parent in the table) have a trail of three or more: BreadcrumbList JSON-LD.
    if (ROUTES[path].parent) expect(trail.length).toBeGreaterThanOrEqual(3);
  });
});

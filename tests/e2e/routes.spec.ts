/**
 * (a) Every route, on desktop and on mobile: HTTP 200 with its own <title>, its canonical URL,
 * parseable JSON-LD of the right types, noindex on logged-in screens, no script errors, no serious or
 * critical axe violation (a visitor's view; a shopper's is a11y.spec.ts), no heading level skipped,
 * and on a 375 px phone no sideways scrolling.
 * Routes that are the other device's variant redirect instead (redirects.spec.ts).
 */
import { expect, test } from '@playwright/test';
import type { Device } from '../../lib/web/device';
import { variantFor } from '../../lib/domain/screens';
import { seriousViolations } from './axe';
import { E2E_BASE_URL as SITE_URL } from './env';
import { ldTypesOf, routesUnderTest } from './routes-under-test';

const cases = routesUnderTest();

test.describe('every route', () => {
  for (const r of cases) {
    test(`${r.path}`, async ({ page }, testInfo) => {
      const device = testInfo.project.name as Device;
      test.skip(variantFor(r.path, device) !== null, `${device} is redirected to ${variantFor(r.path, device)} (redirects.spec.ts)`);

      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && /hydrat/i.test(m.text())) pageErrors.push(m.text());
      });

      // The narrowest phone the shop supports: nothing may scroll sideways there.
      if (device === 'mobile') await page.setViewportSize({ width: 375, height: 812 });
      const res = await page.goto(r.path);
      expect(res, 'a response').not.toBeNull();
      // /404 is a route of its own that shows the not-found page (docs/routes.md#not-found): 200 or 404 are both right for it.
      if (r.path === '/404') expect([200, 404]).toContain(res!.status());
      else expect(res!.status(), `status of ${r.path}`).toBe(200);
      expect(new URL(page.url()).pathname, 'not redirected').toBe(new URL(r.path, SITE_URL).pathname);

      const head = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
        canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
        robots: [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content') ?? ''),
        ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
      }));

      expect(head.lang).toBe('zh-CN');
      if (r.title !== undefined) expect(head.title).toBe(r.title);
      else if (r.titleContains) expect(head.title).toContain(r.titleContains);
      expect(head.title.trim()).not.toBe('');

      // Compared as URLs: Next writes the home page's canonical without its trailing slash.
      // A wrong host here usually means SITE_URL was not the same at build time (static pages).
      // /404 is served as the not-found page, which has no canonical (and is noindex).
      const canonicals = head.canonicals.map((c) => new URL(c ?? '', 'http://invalid.invalid').href);
      if (r.path === '/404') expect(canonicals.length, 'at most one canonical link').toBeLessThanOrEqual(1);
      else expect(canonicals, 'one canonical link').toEqual([new URL(`${SITE_URL}${r.canonical}`).href]);

      const types = new Set<string>();
      for (const text of head.ld) {
        let doc: unknown;
        expect(() => (doc = JSON.parse(text)), `JSON-LD parses: ${text.slice(0, 120)}`).not.toThrow();
        for (const t of ldTypesOf(doc)) types.add(t);
      }
      for (const t of r.ldTypes) expect([...types], `JSON-LD @type ${t} on ${r.path}`).toContain(t);

      if (r.private || r.path === '/404') {
        expect(head.robots.some((c) => /^noindex/i.test(c)), `noindex on ${r.path}: ${head.robots.join(' | ')}`).toBe(true);
      } else {
        expect(head.robots.some((c) => /noindex/i.test(c)), `indexable: ${head.robots.join(' | ')}`).toBe(false);
      }

      // Headings go down one level at a time (an h3 right under the h1 skips one: the HTML checker warns).
      const levels = await page.evaluate(() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName} ${h.textContent?.trim().slice(0, 20)}`));
      const skips = levels.flatMap((h, i) => (i > 0 && Number(h[1]) > Number(levels[i - 1][1]) + 1 ? [`${levels[i - 1]} → ${h}`] : []));
      expect(skips, `heading levels skipped on ${r.path}`).toEqual([]);

      if (device === 'mobile') {
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, `${r.path} scrolls sideways at 375 px by`).toBeLessThanOrEqual(0);
      }

      expect(pageErrors, 'no script or hydration errors').toEqual([]);

      await page.waitForLoadState('networkidle').catch(() => {});
      const bad = await seriousViolations(page);
      expect(bad, bad.join('\n')).toEqual([]);
    });
  }
});

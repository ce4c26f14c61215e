#!/usr/bin/env node
/**
 * The JavaScript budget of each page, checked after `next build` (the last step of `npm run build`;
 * docs/bench.md#javascript-budgets). A route's first-load JavaScript is what its HTML's script tags load:
 * the framework's own files (the build manifest's rootMainFiles and polyfills: Next and React, the same on
 * every page) and the route's entry chunks (the client reference manifest's entryJSFiles: its layouts,
 * page, error and not-found boundaries). The budget counts the entry chunks, gzip-compressed as they are
 * sent; what loads later (next/dynamic, import()) is not first-load JavaScript. Prints each budgeted
 * route, and exits 1 when one is over its budget. NEXT_DIST_DIR names the build (.next by default).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * KB (1,000 bytes, gzip) each route may ship beyond the framework's own. The routes shoppers land on
 * (the bench's Lighthouse table measures them) have their own, a few KB above what they shipped when
 * the budgets were set (docs/bench.md#javascript-budgets); every other shop page has DEFAULT_KB, the
 * operator's console ADMIN_KB (its charts load on their own: components/admin/stats-charts.tsx). A page
 * that needs more says why here.
 */
export const BUDGETS_KB = {
  '/[[...rest]]': 36, // the home page: its carousel loads after the page (components/home/hero-carousel.tsx)
  '/proc/[id]': 42,
  '/ProductList': 36,
  '/Cart': 40,
  '/helpCenter': 35,
  '/quantumMail/[[...rest]]': 35,
};
const DEFAULT_KB = 80;
const ADMIN_KB = 80;

/**
 * Each page route of the build in `distDir` (Next's diagnostics/route-bundle-stats.json: every route's
 * first-load chunks) with its chunks beyond the framework's and their gzip size.
 * @returns {{ route: string, files: string[], bytes: number }[]}
 */
export function routeSizes(distDir) {
  const build = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const framework = new Set([...build.rootMainFiles, ...build.polyfillFiles].map((f) => path.join(distDir, f)));
  const stats = JSON.parse(readFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
  const gz = new Map();
  const size = (f) => {
    if (!gz.has(f)) gz.set(f, gzipSync(readFileSync(f)).length);
    return gz.get(f);
  };
  return stats
    .filter((r) => !r.route.startsWith('/_'))
    .map((r) => {
      // The paths are written from where the build ran (the repository), distDir included.
      const files = r.firstLoadChunkPaths.map((f) => path.resolve(ROOT, f)).filter((f) => f.endsWith('.js') && !framework.has(f));
      return { route: r.route, files: files.map((f) => path.relative(distDir, f)), bytes: files.reduce((n, f) => n + size(f), 0) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The budget of `route` in KB. */
export function budgetOf(route) {
  if (route in BUDGETS_KB) return BUDGETS_KB[route];
  return route === '/admin' || route.startsWith('/admin/') ? ADMIN_KB : DEFAULT_KB;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(ROOT, process.env.NEXT_DIST_DIR || '.next');
  if (!existsSync(path.join(distDir, 'build-manifest.json'))) {
    console.error(`js-budget: no build in ${distDir} (run next build first)`);
    process.exit(1);
  }
  const rows = routeSizes(distDir);
  const over = rows.filter((r) => r.bytes / 1000 > budgetOf(r.route));
  const all = process.argv.includes('--all');
  console.log('First-load JavaScript beyond the framework (gzip KB), against each route\'s budget:');
  for (const r of rows) {
    const named = r.route in BUDGETS_KB;
    const isOver = over.includes(r);
    if (all || named || isOver) console.log(`  ${isOver ? 'OVER' : 'ok  '}  ${(r.bytes / 1000).toFixed(1).padStart(6)} / ${String(budgetOf(r.route)).padStart(3)}  ${r.route}`);
  }
  const largest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a), rows[0]);
  console.log(`  ${rows.length} routes; the largest: ${largest.route} ${(largest.bytes / 1000).toFixed(1)} KB (--all lists each)`);
  if (over.length) {
    console.error(`js-budget: ${over.length} route(s) over budget: ${over.map((r) => r.route).join(', ')} (scripts/js-budget.mjs)`);
    process.exit(1);
  }
}

/**
 * The build's JavaScript budget (scripts/js-budget.mjs): a route's first-load JavaScript beyond the
 * framework's, read from a build's route-bundle-stats, gzip-compressed, and the check that fails a build
 * whose page ships more than its budget.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { budgetOf, BUDGETS_KB, routeSizes } from '../../scripts/js-budget.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Random text compresses badly: `kb` KB of it stays about that size gzipped. */
const noise = (kb: number) => Array.from({ length: kb * 1000 }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join('');

/** A build folder with a framework chunk, the home page's own chunk of `homeKb` KB, and an admin page. */
function fakeBuild(homeKb: number) {
  const dist = mkdtempSync(path.join(tmpdir(), 'js-budget-'));
  const rel = path.relative(ROOT, dist);
  mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  mkdirSync(path.join(dist, 'diagnostics'));
  writeFileSync(path.join(dist, 'static/chunks/react.js'), noise(150));
  writeFileSync(path.join(dist, 'static/chunks/home.js'), noise(homeKb));
  writeFileSync(path.join(dist, 'static/chunks/admin.js'), noise(10));
  writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/react.js'], polyfillFiles: [] }));
  const chunk = (f: string) => `${rel}/static/chunks/${f}`;
  writeFileSync(
    path.join(dist, 'diagnostics/route-bundle-stats.json'),
    JSON.stringify([
      { route: '/[[...rest]]', firstLoadChunkPaths: [chunk('react.js'), chunk('home.js')] },
      { route: '/admin/stats', firstLoadChunkPaths: [chunk('react.js'), chunk('admin.js')] },
      { route: '/_not-found', firstLoadChunkPaths: [chunk('react.js')] },
    ]),
  );
  return { dist, rel };
}

describe('the JavaScript budget of each page', () => {
  it("counts a route's own chunks gzipped, not the framework's", () => {
    const { dist } = fakeBuild(20);
    const sizes = routeSizes(dist);
    expect(sizes.map((r: { route: string }) => r.route)).toEqual(['/[[...rest]]', '/admin/stats']);
    const home = sizes[0];
    expect(home.files).toEqual(['static/chunks/home.js']);
    expect(home.bytes).toBe(gzipSync(readFileSync(path.join(dist, 'static/chunks/home.js'))).length);
    expect(home.bytes / 1000).toBeGreaterThan(15);
    expect(home.bytes / 1000).toBeLessThan(25);
  });

  it('names a budget for the landing pages and a larger one for the rest', () => {
    expect(budgetOf('/[[...rest]]')).toBe(BUDGETS_KB['/[[...rest]]']);
    expect(budgetOf('/Favorite')).toBeGreaterThan(budgetOf('/[[...rest]]'));
    expect(budgetOf('/admin/stats')).toBeGreaterThan(0);
  });

  it('fails the build when a page ships more than its budget, and passes it otherwise', () => {
    const run = (rel: string) => spawnSync(process.execPath, ['scripts/js-budget.mjs'], { cwd: ROOT, env: { ...process.env, NEXT_DIST_DIR: rel }, encoding: 'utf8' });
    const over = run(fakeBuild(BUDGETS_KB['/[[...rest]]'] + 10).rel);
    expect(over.status).toBe(1);
    expect(over.stdout).toMatch(/OVER .*\/\[\[\.\.\.rest\]\]/);
    expect(over.stderr).toContain('over budget: /[[...rest]]');
    const within = run(fakeBuild(BUDGETS_KB['/[[...rest]]'] - 10).rel);
    expect(within.status).toBe(0);
  });
});

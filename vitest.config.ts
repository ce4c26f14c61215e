/**
 * Vitest projects (run all with `npx vitest run`, one with `--project <name>`):
 *   unit          pure modules, node environment
 *   api-pglite    tests/api/** on a PGlite clone per test file (prepared once in a globalSetup)
 *   api-postgres  the same files on a fresh PostgreSQL database per test file
 * TEST_DB (set per project below) tells tests/api/setup.ts which database to open.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // The tsconfig path alias `@/*` → `./*` (vite-tsconfig-paths is not installed). The tests are
  // server code, so the `server-only` marker resolves to its empty module as under Next's server build.
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}` },
      { find: /^server-only$/, replacement: `${root}node_modules/server-only/empty.js` },
    ],
  },
  test: {
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // DATABASE_URL is blanked so openDb() cannot pick PostgreSQL from the caller's environment.
          env: { TEST_DB: 'pglite', DATABASE_URL: '', SITE_URL: 'http://shop.test', SHOP_PEER_HEADER: 'x-test-peer' },
          globalSetup: ['tests/api/global-setup-pglite.ts'],
          setupFiles: ['tests/api/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres', SITE_URL: 'http://shop.test', SHOP_PEER_HEADER: 'x-test-peer' },
          globalSetup: ['tests/api/global-setup-postgres.ts'],
          setupFiles: ['tests/api/setup.ts'],
        },
      },
    ],
  },
});

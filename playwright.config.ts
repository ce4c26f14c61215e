/**
 * Playwright on Debian's Chromium (/usr/bin/chromium: no browser download is possible here),
 * desktop and mobile, against the production build started by scripts/e2e-server.mjs on port 3310
 * with a fresh database (E2E_DB=pglite | postgres). Build first: `node scripts/write-build-meta.mjs
 * && npx next build` (scripts/test-all.sh does it), or point NEXT_DIST_DIR at another build dir.
 */
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_ICP_BEIAN, E2E_PORT, OPERATORS } from './tests/e2e/env';
import { UA } from './tests/support/user-agents';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: Number(process.env.E2E_WORKERS || 2),
  // A test runs once: one that passes only on a second try hides a bug, which is fixed, never retried.
  retries: 0,
  // A test logs in, orders and pays across several pages; two workers share 2 cores with the server
  // (and, in server.spec and two-instances.spec, with the servers those start). A payment test passed
  // 30 s, then 60 s, just as 支付成功 appeared. Each wait inside a test stays at 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        userAgent: UA.windowsChrome,
        viewport: { width: 1366, height: 900 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      name: 'mobile',
      use: {
        userAgent: UA.iPhoneSafari,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/v1/health`,
    env: { E2E_PORT: String(E2E_PORT), E2E_OPERATOR_PHONES: Object.values(OPERATORS).join(','), ICP_BEIAN: E2E_ICP_BEIAN },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

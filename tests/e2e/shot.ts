/**
 * A screenshot to look at, when E2E_SHOTS_DIR is set: `<dir>/<project>-<name>.png` (the whole page, or
 * only the viewport with `{ fullPage: false }` where what matters is what the first screen shows).
 */
import { test, type Page } from '@playwright/test';

export async function shot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png`, fullPage });
}

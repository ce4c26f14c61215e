/** A full-page screenshot to look at, when E2E_SHOTS_DIR is set: `<project>-<name>.png`. */
import { test, type Page } from '@playwright/test';

export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${test.info().project.name}-${name}.png`, fullPage: true });
}

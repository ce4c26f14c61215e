/**
 * 保存 on /AddressEdit goes where `?redirect=` says only when that is a path on the shop. A tab or a
 * newline after the first slash (`/%09/evil.example/pwn`) is `//evil.example/pwn` to the URL parser,
 * another host: the browser must stay on the shop and land on the address list instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { variantFor } from '../../lib/domain/screens';
import { E2E_BASE_URL } from './env';
import { loginNewShopper } from './login';

const HOSTILE = ['/%09/evil.example/pwn', '/%0a/evil.example/pwn', '/%0d%0a/evil.example/pwn'];

/** Fills the form with a valid address (the region picker as in the buying path) and presses 保存. */
async function saveAddress(page: Page, detail: string) {
  await page.getByRole('textbox', { name: '姓名' }).fill('王小明');
  await page.getByRole('textbox', { name: '电话' }).fill('13912345678');
  await page.getByRole('combobox', { name: '省份' }).selectOption({ label: '安徽省' });
  await page.getByRole('combobox', { name: '城市' }).selectOption({ label: '合肥市' });
  await page.getByRole('combobox', { name: '区县' }).selectOption({ label: '蜀山区' });
  await page.getByRole('textbox', { name: '详细地址' }).fill(detail);
  await page.getByRole('button', { name: '保存' }).click();
  await page.waitForURL((url) => url.pathname !== '/AddressEdit');
}

test('保存 never sends the browser off the shop, whatever ?redirect= says', async ({ page }, info) => {
  const lists = ['/Address', variantFor('/Address', info.project.name === 'mobile' ? 'mobile' : 'desktop') ?? '/Address'];
  // Were the browser sent away, it would land on this page rather than on a DNS error.
  await page.route('http://evil.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>evil</h1>' }));

  await loginNewShopper(page);

  for (const [i, redirect] of HOSTILE.entries()) {
    const detail = `科学大道 ${901 + i} 号`;
    await page.goto(`/AddressEdit?redirect=${redirect}`);
    await saveAddress(page, detail);
    const at = new URL(page.url());
    expect(at.origin, `?redirect=${redirect}`).toBe(E2E_BASE_URL);
    expect(lists, `?redirect=${redirect}`).toContain(at.pathname);
    await expect(page.getByText(detail).first()).toBeVisible();
  }

  // A path on the shop is still where 保存 returns to.
  await page.goto(`/AddressEdit?redirect=${encodeURIComponent('/Cart?from=address')}`);
  await saveAddress(page, '科学大道 909 号');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/Cart?from=address`);
});

/** Logging in through the login form with the demo SMS code (shared by the e2e specs). */
import { expect, type Page } from '@playwright/test';

/** 139 + 8 digits, unique per test run and worker. */
export function newPhone(): string {
  const n = (Date.now() % 1e7) * 10 + Math.floor(Math.random() * 10);
  return `139${String(n).padStart(8, '0').slice(-8)}`;
}

export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** Fills 手机号, presses 获取验证码, reads 演示模式验证码：NNNNNN, types it and presses 登录. */
export async function loginInForm(scope: ReturnType<Page['locator']>, phone: string) {
  await scope.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
  await scope.getByRole('button', { name: '获取验证码' }).click();
  const hint = scope.getByText(/演示模式验证码：\d{6}/);
  await expect(hint).toBeVisible();
  const code = /(\d{6})/.exec((await hint.textContent()) ?? '')![1];
  await expect(scope.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
  await scope.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  await scope.getByRole('button', { name: '登录', exact: true }).click();
}


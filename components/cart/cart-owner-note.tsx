'use client';
/**
 * Where the cart is kept, said above it. The page is the same for everyone (cached), so the server's
 * HTML says what a visitor without a session needs to know; a logged-in shopper's browser swaps in the
 * account's sentence, of the same length, so the cart below does not move.
 */
import { useAuthToken } from '@/store/auth';

export function CartOwnerNote() {
  const { token, hydrated } = useAuthToken();
  return (
    <p className="notice small">
      {hydrated && token ? '您的购物车已保存在账号中，在手机和电脑上登录后都能看到。' : '未登录时购物车保存在本浏览器中，登录后会合并到您的账号。'}
    </p>
  );
}

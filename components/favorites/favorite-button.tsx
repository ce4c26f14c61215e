'use client';
/**
 * The 收藏 heart of a product page, in the desktop buy box and in the phone's bottom bar. Whether the
 * shopper saved the product is read after render (the page is cached and the same for all); a visitor
 * is asked to log in, as 到货通知 does, and the product is saved once they have. Both hearts of a
 * page read one swr key, so they agree.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import { useLoginFirst } from '@/components/auth/use-login-first';
import { favoritePath, favoritesApi, swrFetcher } from '@/lib/api/client';
import { useAuthToken } from '@/store/auth';

const SAVED = '已收藏，可在我的收藏中查看';

function Heart() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.9 4.5 7.4 4.5c2 0 3.5 1.1 4.6 2.7 1.1-1.6 2.6-2.7 4.6-2.7 3.5 0 5.7 3.5 4.6 6.7-1.7 4.7-9.2 9.3-9.2 9.3z" />
    </svg>
  );
}

export function FavoriteButton({ productId, className }: { productId: number; className?: string }) {
  const { token } = useAuthToken();
  const state = useSWR<{ favorite: boolean }>(token ? favoritePath(productId) : null, swrFetcher<{ favorite: boolean }>, { shouldRetryOnError: false });
  const login = useLoginFirst();
  const [busy, setBusy] = useState(false);
  const saved = state.data?.favorite ?? false;

  async function toggle() {
    if (!token) {
      // Logged in from the dialog, the product is saved (收藏 is what was pressed: a product already saved stays saved).
      login.ask('登录后即可收藏商品', async () => {
        await favoritesApi.save(productId);
        return SAVED;
      });
      return;
    }
    setBusy(true);
    try {
      const next = saved ? await favoritesApi.remove(productId) : await favoritesApi.save(productId);
      await state.mutate(next, { revalidate: false });
      toast.success(next.favorite ? SAVED : '已取消收藏');
    } catch {
      // The API client showed the reason (收藏夹已满, 已下架).
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`fav-btn ${className ?? ''}`}
        aria-pressed={saved}
        aria-haspopup={token ? undefined : 'dialog'}
        disabled={busy}
        onClick={toggle}
        data-testid="favorite"
      >
        <Heart />
        {saved ? '已收藏' : '收藏'}
      </button>
      {login.dialog}
    </>
  );
}

'use client';
/**
 * Records a product view in 足迹 once the page has loaded, for a logged-in shopper only: a visitor
 * sends nothing (the server also ignores crawlers). The product page stays cached; this is its only
 * per-shopper write. A failure is silent: the view is simply not recorded.
 */
import { useEffect } from 'react';
import { favoritesApi } from '@/lib/api/client';
import { useAuthToken } from '@/store/auth';

export function ViewRecorder({ productId }: { productId: number }) {
  const { token } = useAuthToken();
  useEffect(() => {
    if (!token) return;
    favoritesApi.recordView(productId).catch(() => undefined);
  }, [token, productId]);
  return null;
}

'use client';
/**
 * 到货通知 for the sold-out options of a product page (docs/states.md#stock-notices). A logged-in
 * shopper subscribes (and may withdraw); a visitor is asked to log in first, and is then
 * subscribed. Whether the shopper already waits is read from the API after render: the page itself
 * is cached and the same for all.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import { useLoginFirst } from '@/components/auth/use-login-first';
import { api, swrFetcher } from '@/lib/api/client';
import type { StockNotice } from '@/lib/server/views/stock-notices';
import { useAuthToken } from '@/store/auth';
import type { ChoiceSku } from './product-choice';

const NOTICES_KEY = '/stock-notices';
const SUBSCRIBED = '已订阅，到货后将短信通知您';

export function StockNotices({ skus }: { skus: ChoiceSku[] }) {
  const { token } = useAuthToken();
  const notices = useSWR<StockNotice[]>(token ? NOTICES_KEY : null, swrFetcher<StockNotice[]>, { shouldRetryOnError: false });
  const login = useLoginFirst();
  const [busy, setBusy] = useState<number | null>(null);
  const soldOut = skus.filter((s) => s.stock <= 0);
  if (soldOut.length === 0) return null;

  async function change(skuId: number, subscribe: boolean) {
    if (!token) {
      // Logged in from the dialog, the visitor is subscribed to what they pressed.
      login.ask('登录后即可订阅到货通知', async () => {
        await api.put(`${NOTICES_KEY}/${skuId}`);
        return SUBSCRIBED;
      });
      return;
    }
    setBusy(skuId);
    try {
      const path = `${NOTICES_KEY}/${skuId}`;
      const list = subscribe ? await api.put<StockNotice[]>(path) : await api.delete<StockNotice[]>(path);
      await notices.mutate(list, { revalidate: false });
      toast.success(subscribe ? SUBSCRIBED : '已取消到货通知');
    } catch {
      // The API client showed the reason.
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ul className="stock-notices" aria-label="缺货规格">
      {soldOut.map((s) => {
        const waiting = notices.data?.some((n) => n.skuId === s.id) ?? false;
        const id = `stock-notice-${s.id}`;
        return (
          <li key={s.id} className="stock-notice">
            <span id={id} className="small">
              <strong>{s.name}</strong> 暂时缺货{waiting ? '，已订阅到货通知，到货后短信通知您' : '，到货后可短信通知您'}
            </span>
            {waiting ? (
              <button type="button" className="link-btn" aria-describedby={id} disabled={busy === s.id} onClick={() => change(s.id, false)}>
                取消通知
              </button>
            ) : (
              <button type="button" className="btn btn-ghost btn-notice" aria-describedby={id} aria-haspopup={token ? undefined : 'dialog'} disabled={busy === s.id} onClick={() => change(s.id, true)}>
                到货通知
              </button>
            )}
          </li>
        );
      })}
      </ul>
      {login.dialog}
    </>
  );
}

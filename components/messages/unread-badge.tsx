'use client';
/**
 * The unread count of the 消息中心: on the desktop header's bell and on the phone's 我的 tab. One
 * small call (GET /messages/unread), asked only when a token exists, so the catalog's cached pages
 * stay static and an anonymous visitor makes no call at all. The 消息中心 revalidates the same swr key
 * after reading or deleting, so every badge on the page follows at once.
 */
import useSWR from 'swr';
import { MESSAGES_UNREAD_PATH, messagesApi } from '@/lib/api/client';
import type { UnreadCounts } from '@/lib/domain/messages';
import { useAuthToken } from '@/store/auth';

export function useUnread(): UnreadCounts | undefined {
  const { token } = useAuthToken();
  const { data } = useSWR<UnreadCounts>(token ? MESSAGES_UNREAD_PATH : null, () => messagesApi.unread(), {
    shouldRetryOnError: false,
    // A message that arrives while the page is open shows when the shopper comes back to the tab.
    revalidateOnFocus: true,
    dedupingInterval: 5_000,
  });
  return data;
}

export function UnreadBadge({ className = 'cart-badge' }: { className?: string }) {
  const total = useUnread()?.total ?? 0;
  if (!total) return null;
  return (
    <span className={className} data-testid="unread-badge">
      {total > 99 ? '99+' : total}
      <span className="sr-only"> 条未读消息</span>
    </span>
  );
}

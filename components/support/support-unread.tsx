'use client';
/**
 * The shop's answers the shopper has not read yet, as a count beside 我的's 在线客服 (GET /support/unread,
 * docs/support.md#unread). Asked once when 我的 opens; nothing is shown at zero or when the ask fails.
 */
import { useEffect, useState } from 'react';
import { supportApi } from '@/lib/api/support';

export function SupportUnread() {
  const [total, setTotal] = useState(0);
  useEffect(() => {
    supportApi.unread().then((r) => setTotal(r.total), () => {});
  }, []);
  if (!total) return null;
  return (
    <span className="support-unread" aria-label={`${total} 条未读回复`}>
      {total > 99 ? '99+' : total}
    </span>
  );
}

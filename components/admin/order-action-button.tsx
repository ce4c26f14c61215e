'use client';
/**
 * A console action on one order behind a confirmation (取消订单 …): posts to the admin API, toasts
 * the result and reloads the page's data.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';

export function OrderActionButton({ path, label, confirmText, done, className = 'btn btn-ghost' }: { path: string; label: string; confirmText: string; done: string; className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    if (busy || !window.confirm(confirmText)) return;
    setBusy(true);
    try {
      await api.post(path, {});
      toast.success(done);
      router.refresh();
    } catch {
      // the client toasted the message
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      {label}
    </button>
  );
}

'use client';
/** A console action behind a confirmation (取消订单, 退款, 红冲完成 …): posts to the admin API. */
import { api } from '@/lib/api/client';
import { useConsoleSend } from './use-console-send';

export function ConsoleActionButton({ path, label, confirmText, done, className = 'btn btn-ghost' }: { path: string; label: string; confirmText: string; done: string; className?: string }) {
  const { busy, send } = useConsoleSend();
  const onClick = () => {
    if (busy || !window.confirm(confirmText)) return;
    void send(() => api.post(path, {}), done);
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      {label}
    </button>
  );
}

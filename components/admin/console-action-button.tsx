'use client';
/** A console action behind a confirmation (取消订单, 退款, 红冲完成 …): posts to the admin API (or deletes: 删除同义词). */
import { api } from '@/lib/api/client';
import { useConsoleSend } from './use-console-send';

export function ConsoleActionButton({
  path,
  label,
  confirmText,
  done,
  className = 'btn btn-ghost',
  method = 'post',
}: {
  path: string;
  label: string;
  confirmText: string;
  done: string;
  className?: string;
  method?: 'post' | 'delete';
}) {
  const { busy, send } = useConsoleSend();
  const onClick = () => {
    if (busy || !window.confirm(confirmText)) return;
    void send(() => (method === 'delete' ? api.delete(path) : api.post(path, {})), done);
  };
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      {label}
    </button>
  );
}

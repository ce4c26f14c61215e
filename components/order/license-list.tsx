'use client';
/**
 * The activation codes of an order: each one 已激活（有效期至…）, 已作废 (refunded), or a 激活 button.
 * Activating starts the code's term and ends the chance of a refund, so it is confirmed first.
 */
import { afterSaleApi } from '@/lib/api/client';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { formatTime } from './format-time';
import type { Order } from './types';

export function LicenseList({ licenses, onChange }: { licenses: Order['licenses']; onChange: () => void }) {
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const activate = async (code: string) => {
    if (busy || !(await confirm('激活后开始计算有效期，且订单不能再申请退款。确定激活吗？', '激活'))) return;
    await submit(async () => {
      await afterSaleApi.activateLicense(code);
      onChange();
    });
  };
  return (
    <>
      <ul className="license-list">
        {licenses.map((l) => (
          <li key={l.code} data-revoked={l.revoked ? 'true' : undefined}>
            <span>{l.productName}</span>
            <code className="license-code">{l.code}</code>
            {l.revoked ? (
              <span className="license-state muted small">已作废</span>
            ) : l.activatedAt ? (
              <span className="license-state small">已激活{l.validUntil ? `（有效期至 ${formatTime(l.validUntil).slice(0, 10)}）` : null}</span>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => activate(l.code)}>
                激活
              </button>
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}

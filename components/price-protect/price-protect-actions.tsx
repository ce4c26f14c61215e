'use client';
/**
 * The buttons of 我的价保 (docs/rules.md#价保): 申请价保 of one line (the dialog with the amount before
 * 确认申请) and 一键价保, which claims every eligible line at once and says what came back. Both read
 * the page again afterwards, so the lines and the 价保记录 show the claims.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api } from '@/lib/api/client';
import { formatFen } from '@/lib/domain/money';
import { useSubmit } from '@/components/ui/use-form-state';
import type { ClaimAllResult } from '@/lib/server/flows/price-protect';
import { PriceProtectDialog } from './price-protect-dialog';

export function ClaimLineButton({ orderNo, orderItemId, productName }: { orderNo: string; orderItemId: number; productName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" aria-label={`申请价保（${productName}）`} onClick={() => setOpen(true)}>
        申请价保
      </button>
      {open ? (
        <PriceProtectDialog
          orderNo={orderNo}
          orderItemId={orderItemId}
          onClose={(claimed) => {
            setOpen(false);
            if (claimed) router.refresh();
          }}
        />
      ) : null}
    </>
  );
}

/** What 一键价保 did, in one sentence. */
function summary(r: ClaimAllResult): string {
  if (r.claims.length === 0) return '暂无可价保的商品：您的商品价格均未低于实付单价。';
  const settled = r.claims.every((c) => c.status === 'refunded');
  return `${r.claims.length} 件商品价保成功，共 ${formatFen(r.totalFen)}，${settled ? '已原路退回' : '将原路退回'}您的支付账户。`;
}

export function ClaimAllButton({ eligible }: { eligible: number }) {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [said, setSaid] = useState('');
  const run = () =>
    submit(async () => {
      setSaid(summary(await api.post<ClaimAllResult>('/price-protect/all')));
      router.refresh();
    });
  return (
    <div className="stack">
      <button type="button" className="btn btn-warm" disabled={busy || eligible === 0} onClick={run}>
        一键价保
      </button>
      <p role="status" className="price-protect-result">
        {said}
      </p>
    </div>
  );
}

'use client';
/**
 * 申请价保 (docs/rules.md#价保) of one order line: a modal (components/ui/modal-dialog.tsx; Esc closes)
 * that first asks the server what a claim refunds now (实付单价, 最低价, 数量, 可退差价, where the money
 * goes), then 确认申请 makes the claim and the dialog says what happened: 已退款 ¥x.xx
 * (or 退款中) back to 微信支付 / 支付宝. A line that may not be claimed shows the server's reason.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { formatFen } from '@/lib/domain/money';
import { withQuery } from '@/lib/web/query-string';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useSubmit } from '@/components/ui/use-form-state';
import type { ClaimResult, ProtectLine } from '@/lib/server/flows/price-protect';

type Step = { kind: 'loading' } | { kind: 'preview'; line: ProtectLine } | { kind: 'done'; result: ClaimResult } | { kind: 'error' };

/** The sentence a claim made ends with. */
function claimOutcome(r: Pick<ClaimResult, 'status' | 'amountFen' | 'channel'>): string {
  if (r.status === 'refunded') return `已退款 ${formatFen(r.amountFen)}，已原路退回${r.channel}`;
  if (r.status === 'failed') return `退款 ${formatFen(r.amountFen)} 未成功，请稍后重新申请或联系客服`;
  return `退款中 ${formatFen(r.amountFen)}，将原路退回${r.channel}`;
}

export function PriceProtectDialog({ orderNo, orderItemId, onClose }: { orderNo: string; orderItemId: number; onClose: (claimed: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const { busy, submit } = useSubmit();
  const titleId = useId();

  useEffect(() => {
    ref.current?.showModal();
    let live = true;
    api
      .get<ProtectLine>(withQuery('/price-protect/preview', { orderNo, orderItemId: String(orderItemId) }))
      .then((line) => live && setStep({ kind: 'preview', line }))
      .catch(() => live && setStep({ kind: 'error' }));
    return () => {
      live = false;
    };
  }, [orderNo, orderItemId]);

  const close = () => {
    ref.current?.close();
    onClose(step.kind === 'done');
  };
  const confirm = () =>
    submit(async () => {
      const result = await api.post<ClaimResult>('/price-protect', { orderNo, orderItemId });
      setStep({ kind: 'done', result });
    });

  return (
    <ModalDialog ref={ref} labelledBy={titleId} className="price-protect-dialog" onCancel={close}>
      <h2 id={titleId} className="price-protect-title">
        {step.kind === 'done' ? '价保结果' : '申请价保'}
      </h2>
      {step.kind === 'loading' ? <p className="muted">正在计算可退差价…</p> : null}
      {step.kind === 'error' ? <p role="alert">暂时无法计算价保金额，请稍后再试</p> : null}
      {step.kind === 'preview' ? (
        <>
          <p className="price-protect-product">
            {step.line.productName} <span className="muted small">{step.line.skuName}</span>
          </p>
          <dl className="term-list price-protect-sums">
            <div>
              <dt>实付单价</dt>
              <dd>{formatFen(step.line.paidUnitFen)}</dd>
            </div>
            {step.line.lowPriceFen !== null ? (
              <div>
                <dt>付款后最低价</dt>
                <dd>{formatFen(step.line.lowPriceFen)}</dd>
              </div>
            ) : null}
            <div>
              <dt>价保数量</dt>
              <dd>{step.line.quantity} 件</dd>
            </div>
            {step.line.eligible ? (
              <div>
                <dt>可退差价</dt>
                <dd className="price" data-testid="price-protect-amount">
                  {formatFen(step.line.amountFen)}
                </dd>
              </div>
            ) : null}
          </dl>
          {step.line.eligible ? (
            <p className="muted small">确认后差价将原路退回{step.line.channel ?? '您的支付账户'}。</p>
          ) : (
            <p className="price-protect-refusal" role="status">
              {step.line.reason}
            </p>
          )}
        </>
      ) : null}
      {step.kind === 'done' ? (
        <p className="price-protect-result" role="status">
          {claimOutcome(step.result)}
        </p>
      ) : null}
      <div className="confirm-buttons">
        {step.kind === 'preview' && step.line.eligible ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={close}>
              取消
            </button>
            <button type="button" className="btn" disabled={busy} onClick={confirm}>
              确认申请
            </button>
          </>
        ) : (
          <button type="button" className="btn" onClick={close} disabled={step.kind === 'loading'}>
            {step.kind === 'done' ? '完成' : '知道了'}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}

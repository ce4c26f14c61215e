'use client';
/**
 * What the operator does with one after-sales request: 同意 (behind a confirmation), 拒绝 with the
 * reason the shopper sees, and 收货 of returned goods as 入库 (back to stock) or 报损 (written off).
 * 换新发出 is the waybill form the order's 发货 uses. 运费补偿 approves the return shipping the shopper
 * stated (docs/after-sales.md#return-shipping).
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { AFTER_SALE_REJECT_REASON_MAX } from '@/lib/domain/after-sale-rules';
import { formatFen } from '@/lib/domain/money';
import { afterSaleReceiveSchema, afterSaleRejectSchema, returnShippingDecisionSchema } from '@/lib/validation/after-sale';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

const pathOf = (afterSaleNo: string, action: string) => `/admin/aftersales/${afterSaleNo}/${action}`;

export function RejectAfterSaleForm({ afterSaleNo }: { afterSaleNo: string }) {
  const { busy, send, error, valid } = useConsoleSend();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(afterSaleRejectSchema.safeParse({ reason: new FormData(e.currentTarget).get('reason') }), '请填写拒绝原因');
    if (data) void send(() => api.post(pathOf(afterSaleNo, 'reject'), data), '已拒绝售后申请');
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="拒绝售后">
      <div className="field">
        <label htmlFor="as-reject">拒绝原因（买家可见）</label>
        <input id="as-reject" name="reason" maxLength={AFTER_SALE_REJECT_REASON_MAX} aria-describedby={error ? 'as-reject-error' : undefined} />
      </div>
      <FieldError id="as-reject-error" message={error} alert />
      <button type="submit" className="btn btn-warm" disabled={busy}>
        拒绝
      </button>
    </form>
  );
}

export function ReceiveAfterSaleForm({ afterSaleNo, refunds }: { afterSaleNo: string; refunds: string | null }) {
  const { busy, send, error, valid } = useConsoleSend();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const choice = new FormData(e.currentTarget).get('restock');
    const data = valid(afterSaleReceiveSchema.safeParse({ restock: choice === null ? undefined : choice === 'yes' }), '请选择退回的商品入库还是报损');
    if (data) void send(() => api.post(pathOf(afterSaleNo, 'receive'), data), refunds ? '已收货，退款已发起' : '已收货');
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="确认收货">
      <fieldset className="choice-group">
        <legend>退回商品的处理</legend>
        <label className="choice">
          <input type="radio" name="restock" value="yes" />
          验收合格，入库（库存加回）
        </label>
        <label className="choice">
          <input type="radio" name="restock" value="no" />
          报损（不加库存）
        </label>
      </fieldset>
      {refunds ? <p className="small muted">确认后立即原路退款 {refunds}。</p> : null}
      <FieldError message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        确认收货
      </button>
    </form>
  );
}

/**
 * 运费补偿: the amount (prefilled with what may be paid: the stated amount, or less when the payment
 * has less left to give) and, when less than stated, the reason the shopper reads; 0 refuses.
 */
export function ReturnShippingForm({ afterSaleNo, statedFen, maxFen }: { afterSaleNo: string; statedFen: number; maxFen: number }) {
  const { busy, send, error, valid } = useConsoleSend();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const amount = String(form.get('amount') ?? '').trim();
    const data = valid(returnShippingDecisionSchema.safeParse({ amount, reason: form.get('reason') }), '请填写补偿金额');
    if (!data) return;
    const refused = data.amount === 0;
    void send(() => api.post(pathOf(afterSaleNo, 'return-shipping'), { amount, reason: data.reason }), refused ? '已记录不予补偿' : `运费补偿 ${formatFen(data.amount)} 已发起退款`);
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="运费补偿">
      <div className="field">
        <label htmlFor="as-ship-amount">补偿金额（元，0 为不予补偿）</label>
        <input id="as-ship-amount" name="amount" inputMode="decimal" autoComplete="off" defaultValue={(maxFen / 100).toFixed(2)} aria-describedby="as-ship-hint" />
        <p id="as-ship-hint" className="small muted">
          买家填写 {formatFen(statedFen)}，本单最多可补偿 {formatFen(maxFen)}。
        </p>
      </div>
      <div className="field">
        <label htmlFor="as-ship-reason">原因（少于买家填写时必填，买家可见）</label>
        <input id="as-ship-reason" name="reason" maxLength={AFTER_SALE_REJECT_REASON_MAX} aria-describedby={error ? 'as-ship-error' : undefined} />
      </div>
      <FieldError id="as-ship-error" message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        确认运费补偿
      </button>
    </form>
  );
}

'use client';
/** 开票, 驳回 (with the reason the shopper sees) and 红冲完成 on one invoice of the console's queue. */
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { INVOICE_REJECT_REASON_MAX } from '@/lib/domain/invoice-rules';
import { invoiceRejectSchema } from '@/lib/validation/admin';
import { FieldError } from '@/components/ui/text-field';
import { ConsoleActionButton } from './console-action-button';
import { useConsoleSend } from './use-console-send';

export function InvoiceActions({ id, queue }: { id: number; queue: 'issue' | 'reversal' }) {
  const { busy, send, error, valid } = useConsoleSend();
  const [rejecting, setRejecting] = useState(false);
  const run = (action: 'issue' | 'reject', body: unknown, done: string) => send(() => api.post(`/admin/invoices/${id}/${action}`, body), done);

  function onReject(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(invoiceRejectSchema.safeParse({ reason: new FormData(e.currentTarget).get('reason') }), '请填写驳回原因');
    if (data) void run('reject', data, '发票已驳回');
  }

  if (queue === 'reversal') {
    return <ConsoleActionButton path={`/admin/invoices/${id}/reversal`} label="红冲完成" confirmText="确认红字发票已开具？" done="已标记红冲完成" className="btn btn-sm" />;
  }
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => run('issue', {}, '发票已开具')}>
          开票
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setRejecting((r) => !r)} aria-expanded={rejecting}>
          驳回
        </button>
      </div>
      {rejecting ? (
        <form className="form" onSubmit={onReject} noValidate aria-label="驳回发票">
          <div className="field">
            <label htmlFor={`reject-${id}`}>驳回原因</label>
            <input id={`reject-${id}`} name="reason" maxLength={INVOICE_REJECT_REASON_MAX} />
          </div>
          <FieldError message={error} alert />
          <button type="submit" className="btn btn-warm btn-sm" disabled={busy}>
            确认驳回
          </button>
        </form>
      ) : null}
    </div>
  );
}

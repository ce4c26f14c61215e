'use client';
/** 开票, 驳回 (with the reason the shopper sees) and 红冲完成 on one invoice of the console's queue. */
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import { invoiceRejectSchema } from '@/lib/validation/admin';

export function InvoiceActions({ id, queue }: { id: number; queue: 'issue' | 'reversal' }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState('');

  async function run(path: string, body: unknown, done: string) {
    setBusy(true);
    try {
      await api.post(`/admin/invoices/${id}/${path}`, body);
      toast.success(done);
      router.refresh();
    } catch {
      // the client toasted the message
    } finally {
      setBusy(false);
    }
  }

  function onReject(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const v = invoiceRejectSchema.safeParse({ reason: new FormData(e.currentTarget).get('reason') });
    if (!v.success) {
      setError(v.error.issues[0]?.message ?? '请填写驳回原因');
      return;
    }
    setError('');
    void run('reject', v.data, '发票已驳回');
  }

  if (queue === 'reversal') {
    return (
      <button type="button" className="btn btn-sm" disabled={busy} onClick={() => window.confirm('确认红字发票已开具？') && run('reversal', {}, '已标记红冲完成')}>
        红冲完成
      </button>
    );
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
            <input id={`reject-${id}`} name="reason" maxLength={200} />
          </div>
          {error ? (
            <p className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-warm btn-sm" disabled={busy}>
            确认驳回
          </button>
        </form>
      ) : null}
    </div>
  );
}

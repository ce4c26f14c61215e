'use client';
/** 发货: carrier from the list and the waybill number; on success the page reloads its data (已发货). */
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { useConsoleSend } from './use-console-send';
import { CARRIERS } from '@/lib/constants';
import { shipOrderSchema } from '@/lib/validation/admin';

export function ShipForm({ orderNo }: { orderNo: string }) {
  const [error, setError] = useState('');
  const { busy, send } = useConsoleSend();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget));
    const v = shipOrderSchema.safeParse(data);
    if (!v.success) {
      setError(v.error.issues[0]?.message ?? '请检查发货信息');
      return;
    }
    setError('');
    await send(() => api.post(`/admin/orders/${orderNo}/ship`, v.data), '已发货');
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="发货">
      <div className="field">
        <label htmlFor="ship-carrier">快递公司</label>
        <select id="ship-carrier" name="carrier" defaultValue="" required>
          <option value="" disabled>
            请选择快递公司
          </option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ship-no">运单号</label>
        <input id="ship-no" name="trackingNo" autoComplete="off" maxLength={30} required aria-describedby={error ? 'ship-error' : undefined} />
      </div>
      {error ? (
        <p id="ship-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        发货
      </button>
    </form>
  );
}

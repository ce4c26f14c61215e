'use client';
/** 发货: carrier from the list and the waybill number; on success the page reloads its data (已发货). */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { CARRIERS, TRACKING_NO_MAX } from '@/lib/constants';
import { shipOrderSchema } from '@/lib/validation/admin';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

export function ShipForm({ orderNo }: { orderNo: string }) {
  const { busy, send, error, valid } = useConsoleSend();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(shipOrderSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget))), '请检查发货信息');
    if (data) await send(() => api.post(`/admin/orders/${orderNo}/ship`, data), '已发货');
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
        <input id="ship-no" name="trackingNo" autoComplete="off" maxLength={TRACKING_NO_MAX} required aria-describedby={error ? 'ship-error' : undefined} />
      </div>
      <FieldError id="ship-error" message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        发货
      </button>
    </form>
  );
}

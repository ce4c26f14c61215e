'use client';
/**
 * A carrier from the list and a waybill number, posted to `path`: 发货 of an order, 换新发出 of an
 * exchange. On success the page reloads its data.
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { CARRIERS, TRACKING_NO_MAX } from '@/lib/constants';
import { waybillSchema } from '@/lib/validation/fields';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

type Props = { id: string; path: string; label: string; done: string };

export function WaybillForm({ id, path, label, done }: Props) {
  const { busy, send, error, valid } = useConsoleSend();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(waybillSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget))), '请检查物流信息');
    if (data) await send(() => api.post(path, data), done);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-carrier`}>快递公司</label>
        <select id={`${id}-carrier`} name="carrier" defaultValue="" required>
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
        <label htmlFor={`${id}-no`}>运单号</label>
        <input id={`${id}-no`} name="trackingNo" autoComplete="off" maxLength={TRACKING_NO_MAX} required aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      <FieldError id={`${id}-error`} message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

'use client';
/**
 * A carrier from the list and a waybill number, posted to `path`: 发货 of an order, 换新发出 of an
 * exchange. On success the page reloads its data.
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { waybillSchema } from '@/lib/validation/fields';
import { FieldError } from '@/components/ui/text-field';
import { WaybillFields } from '@/components/ui/waybill-fields';
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
      <WaybillFields id={id} errorId={error ? `${id}-error` : undefined} />
      <FieldError id={`${id}-error`} message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

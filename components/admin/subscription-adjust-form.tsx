'use client';
/**
 * 延长/缩短服务期: a number of days (negative shortens) and the reason, kept in the subscription's history
 * and the audit log. The new end shows as the days are typed; the server checks the same rules again.
 */
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { DAY_MS } from '@/lib/domain/shop-time';
import { ADJUST_DAYS_MAX, ADJUST_REASON_MAX } from '@/lib/domain/subscription-console';
import { subscriptionAdjustSchema } from '@/lib/validation/subscription-admin';
import { formatTime } from '@/components/order/format-time';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

export function SubscriptionAdjustForm({ id, endsAt }: { id: number; endsAt: string }) {
  const { busy, send, error, valid } = useConsoleSend();
  const [days, setDays] = useState('');
  const n = /^-?\d{1,3}$/.test(days.trim()) ? Number(days) : 0;
  const preview = n ? formatTime(new Date(new Date(endsAt).getTime() + n * DAY_MS).toISOString()) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const data = valid(subscriptionAdjustSchema.safeParse({ days: String(form.get('days') ?? '').trim(), reason: form.get('reason') }), '请填写调整天数和原因');
    if (data) void send(() => api.post(`/admin/subscriptions/${id}/adjust`, data), data.days > 0 ? `服务期已延长 ${data.days} 天` : `服务期已缩短 ${-data.days} 天`);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="延长或缩短服务期">
      <div className="field">
        <label htmlFor="sa-days">调整天数（正数延长，负数缩短，-{ADJUST_DAYS_MAX} 至 {ADJUST_DAYS_MAX}）</label>
        <input id="sa-days" name="days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} aria-describedby="sa-preview" />
      </div>
      <p id="sa-preview" className="small muted" aria-live="polite">
        当前到期 {formatTime(endsAt)}
        {preview ? `，调整后 ${preview}` : ''}
      </p>
      <div className="field">
        <label htmlFor="sa-reason">调整原因（记入订阅历史和操作日志）</label>
        <input id="sa-reason" name="reason" maxLength={ADJUST_REASON_MAX} aria-describedby={error ? 'sa-error' : undefined} />
      </div>
      <FieldError id="sa-error" message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        调整服务期
      </button>
    </form>
  );
}

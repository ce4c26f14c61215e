'use client';
import { useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { SMS_RESEND_S } from '@/lib/domain/sms-codes';
import type { SmsCodeResult } from './types';
import { secondsIn, useCountdown } from './use-countdown';

/**
 * 获取验证码 with its countdown ("58 秒后重发": the wait the server names, SMS_RESEND_S when it names
 * none). `request` validates and calls the API; it returns null when the input was invalid (no
 * countdown then). A 429 toast still starts the countdown.
 */
export function CodeButton({
  request,
  onDevCode,
  describedBy,
}: {
  request: () => Promise<SmsCodeResult | null>;
  onDevCode: (code: string | null) => void;
  describedBy?: string;
}) {
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    if (busy || left > 0) return;
    setBusy(true);
    try {
      const res = await request();
      if (!res) return;
      start(res.cooldownSeconds > 0 ? res.cooldownSeconds : SMS_RESEND_S);
      onDevCode(res.devCode ?? null);
    } catch (err) {
      // The API client has toasted the message already.
      const s = err instanceof ApiError && err.resultCode === 429 ? secondsIn(err.message) : null;
      if (s) start(s);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="btn btn-ghost auth-code-btn" onClick={onClick} disabled={busy || left > 0} aria-describedby={describedBy}>
      {left > 0 ? `${left} 秒后重发` : busy ? '发送中…' : '获取验证码'}
    </button>
  );
}

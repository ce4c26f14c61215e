'use client';
import { useState, type ChangeEvent } from 'react';
import { SMS_CODE_LENGTH } from '@/lib/domain/sms-codes';
import { TextField } from '@/components/ui/text-field';
import { CodeButton } from './code-button';
import type { SmsCodeResult } from './types';

/** The 验证码 field with its 获取验证码 button; in demo mode it shows the code the server returned. */
export function SmsCodeField({
  id,
  value,
  onChange,
  error,
  request,
}: {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  request: () => Promise<SmsCodeResult | null>;
}) {
  const [devCode, setDevCode] = useState<string | null>(null);
  return (
    <TextField
      id={id}
      name="code"
      label="验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SMS_CODE_LENGTH}
      placeholder={`${SMS_CODE_LENGTH} 位验证码`}
      value={value}
      onChange={onChange}
      error={error}
      aria-required="true"
      addon={<CodeButton request={request} onDevCode={setDevCode} />}
      hint={devCode ? <span className="auth-dev-code" role="status">演示模式验证码：{devCode}</span> : undefined}
    />
  );
}

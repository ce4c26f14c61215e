'use client';
/**
 * Phone login: 验证码登录 (a new phone registers) or 密码登录. Validates with the shared schemas of
 * lib/validation/auth.ts, calls the API only through lib/api/client.ts, stores the token and reloads
 * the page so the server components render the logged-in state.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { passwordLoginSchema, phoneLoginSchema, smsCodeRequestSchema } from '@/lib/validation/auth';
import { useAuthStore } from '@/store/auth';
import { SmsCodeField } from './sms-code-field';
import { fieldErrors, TextField, type Errors } from './form-parts';
import type { LoginResult, SmsCodeResult } from './types';

type Mode = 'code' | 'password';
type Field = 'phone' | 'code' | 'password';
const FIELDS: readonly Field[] = ['phone', 'code', 'password'];

export function LoginForm({ autoFocus = false, onSuccess }: { autoFocus?: boolean; onSuccess?: () => void }) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<Mode>('code');
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', code: '', password: '' });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [sending, setSending] = useState(false);

  const id = (f: Field) => `${uid}-${f}`;
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
  };
  const focus = (f: Field) => (formRef.current?.elements.namedItem(f) as HTMLElement | null)?.focus();

  async function requestCode(): Promise<SmsCodeResult | null> {
    const parsed = smsCodeRequestSchema.safeParse({ phone: values.phone });
    if (!parsed.success) {
      setErrors((er) => ({ ...er, ...fieldErrors(parsed.error, FIELDS) }));
      focus('phone');
      return null;
    }
    setErrors((er) => ({ ...er, phone: undefined }));
    return api.post<SmsCodeResult>('/auth/sms-code', parsed.data);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const parsed =
      mode === 'code'
        ? phoneLoginSchema.safeParse({ phone: values.phone, code: values.code })
        : passwordLoginSchema.safeParse({ phone: values.phone, password: values.password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, FIELDS);
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) focus(first);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const res = await api.post<LoginResult>('/auth/login', parsed.data);
      useAuthStore.getState().setSession(res.token);
      onSuccess?.();
      window.location.reload();
    } catch {
      // The API client has shown the server's message as a toast.
      setSending(false);
    }
  }

  function switchTo(next: Mode) {
    setMode(next);
    setErrors({});
  }

  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${uid}-tab-${m}`}
      aria-selected={mode === m}
      aria-controls={`${uid}-panel`}
      tabIndex={mode === m ? 0 : -1}
      className="auth-tab"
      onClick={() => switchTo(m)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          const other: Mode = m === 'code' ? 'password' : 'code';
          switchTo(other);
          document.getElementById(`${uid}-tab-${other}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="auth-login">
      <div role="tablist" aria-label="登录方式" className="auth-tabs">
        {tab('code', '验证码登录')}
        {tab('password', '密码登录')}
      </div>
      <div id={`${uid}-panel`} role="tabpanel" aria-labelledby={`${uid}-tab-${mode}`}>
        <form ref={formRef} className="form auth-form" onSubmit={onSubmit} noValidate>
          <TextField
            id={id('phone')}
            name="phone"
            label="手机号"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={14}
            placeholder="请输入手机号"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
            autoFocus={autoFocus}
            aria-required="true"
          />
          {mode === 'code' ? (
            <SmsCodeField id={id('code')} value={values.code} onChange={set('code')} error={errors.code} request={requestCode} />
          ) : (
            <TextField
              id={id('password')}
              name="password"
              label="密码"
              type="password"
              autoComplete="current-password"
              maxLength={64}
              placeholder="请输入密码"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              aria-required="true"
            />
          )}
          <button type="submit" className="btn btn-block" disabled={sending}>
            {sending ? '登录中…' : '登录'}
          </button>
          <p className="muted small auth-note">
            {mode === 'code' ? '未注册的手机号验证后将自动注册' : '未设置密码？请使用验证码登录，登录后可在设置中设置密码'}
          </p>
        </form>
      </div>
    </div>
  );
}

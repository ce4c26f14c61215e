'use client';
/**
 * Phone login: 验证码登录 (a new phone registers) or 密码登录. Validates with the shared schemas of
 * lib/validation/auth.ts, calls the API only through lib/api/client.ts, stores the token and reloads
 * the page so the server components render the logged-in state.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { PASSWORD_INPUT_MAX, PHONE_MAX } from '@/lib/domain/account-rules';
import { CONSENT_MESSAGE, passwordLoginSchema, phoneLoginSchema, smsCodeRequestSchema } from '@/lib/validation/auth';
import { useAuthStore } from '@/store/auth';
import { TextField } from '@/components/ui/text-field';
import { fieldErrors, useFormState } from '@/components/ui/use-form-state';
import { ConsentCheck } from './consent-check';
import { SmsCodeField } from './sms-code-field';
import type { LoginResult, SmsCodeResult } from './types';

type Mode = 'code' | 'password';
type Field = 'phone' | 'code' | 'password';
const FIELDS: readonly Field[] = ['phone', 'code', 'password'];

/** `onSuccess` runs with the new session, before the reload (the action a visitor pressed: login-dialog.tsx). */
export function LoginForm({ autoFocus = false, onSuccess }: { autoFocus?: boolean; onSuccess?: () => void | Promise<void> }) {
  const uid = useId();
  const [mode, setMode] = useState<Mode>('code');
  const form = useFormState<Record<Field, string>, Field>({ phone: '', code: '', password: '' }, FIELDS);
  const { values, input } = form;
  const [agree, setAgree] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();
  const consentRef = useRef<HTMLInputElement>(null);
  // Ticked before the form's script ran (the typed fields are taken by useFormState the same way).
  useEffect(() => {
    if (consentRef.current?.checked) setAgree(true);
  }, []);

  async function requestCode(): Promise<SmsCodeResult | null> {
    const parsed = smsCodeRequestSchema.safeParse({ phone: values.phone });
    if (!parsed.success) {
      form.setErrors((er) => ({ ...er, ...fieldErrors(parsed.error, FIELDS) }));
      document.getElementById(form.id('phone'))?.focus();
      return null;
    }
    form.clear('phone');
    return api.post<SmsCodeResult>('/auth/sms-code', parsed.data);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.busy) return;
    const data = form.valid(
      mode === 'code'
        ? phoneLoginSchema.safeParse({ phone: values.phone, code: values.code })
        : passwordLoginSchema.safeParse({ phone: values.phone, password: values.password }),
    );
    if (!data) return;
    if (!agree) {
      setConsentError(CONSENT_MESSAGE);
      consentRef.current?.focus();
      return;
    }
    // The page reloads as the logged-in user: the form stays busy until it is gone.
    await form.submit(
      async () => {
        const res = await api.post<LoginResult>('/auth/login', { ...data, agree: true });
        useAuthStore.getState().setSession(res.token);
        await onSuccess?.();
        window.location.reload();
      },
      { stayBusy: true },
    );
  }

  function switchTo(next: Mode) {
    setMode(next);
    form.setErrors({});
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
        <form className="form auth-form" onSubmit={onSubmit} noValidate>
          <TextField
            label="手机号"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={PHONE_MAX}
            placeholder="请输入手机号"
            autoFocus={autoFocus}
            aria-required="true"
            {...input('phone')}
          />
          {mode === 'code' ? (
            <SmsCodeField {...input('code')} request={requestCode} />
          ) : (
            <TextField
              label="密码"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_INPUT_MAX}
              placeholder="请输入密码"
              aria-required="true"
              {...input('password')}
            />
          )}
          <ConsentCheck
            ref={consentRef}
            id={`${uid}-agree`}
            checked={agree}
            error={consentError}
            onChange={(v) => {
              setAgree(v);
              if (v) setConsentError(undefined);
            }}
          />
          <button type="submit" className="btn btn-block" disabled={form.busy}>
            {form.busy ? '登录中…' : '登录'}
          </button>
          <p className="muted small auth-note">
            {mode === 'code' ? '未注册的手机号验证后将自动注册' : '未设置密码？请使用验证码登录，登录后可在设置中设置密码'}
          </p>
        </form>
      </div>
    </div>
  );
}

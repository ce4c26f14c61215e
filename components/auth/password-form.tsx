'use client';
/**
 * 设置登录密码 (no password yet: with an SMS code to the user's own phone, POST /user/password-code)
 * or 修改登录密码 (with the old password, or with an SMS code). PUT /user/password.
 */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import { PASSWORD_INPUT_MAX, PASSWORD_MAX } from '@/lib/domain/account-rules';
import { passwordSchema, phoneLoginSchema, PASSWORD_RULE_MESSAGE, SMS_CODE_MESSAGE } from '@/lib/validation/auth';
import { TextField } from '@/components/ui/text-field';
import { useFormState, type Errors } from '@/components/ui/use-form-state';
import { SmsCodeField } from './sms-code-field';
import type { SmsCodeResult } from './types';

type Field = 'oldPassword' | 'code' | 'newPassword' | 'confirm';
type Mode = 'old' | 'code';
const FIELDS: readonly Field[] = ['oldPassword', 'code', 'newPassword', 'confirm'];
const EMPTY: Record<Field, string> = { oldPassword: '', code: '', newPassword: '', confirm: '' };
const codeSchema = phoneLoginSchema.shape.code;

export function PasswordForm({ hasPassword, phone }: { hasPassword: boolean; phone: string }) {
  const uid = useId();
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(hasPassword ? 'old' : 'code');
  const form = useFormState(EMPTY, FIELDS);
  const { values, input } = form;
  const [round, setRound] = useState(0); // a new field (no stale demo code) after each save
  const title = hasPassword ? '修改登录密码' : '设置登录密码';

  function validate(): Errors<Field> {
    const found: Errors<Field> = {};
    if (mode === 'old' && !values.oldPassword) found.oldPassword = '请输入原密码';
    if (mode === 'code') {
      const c = codeSchema.safeParse(values.code);
      if (!c.success) found.code = c.error.issues[0]?.message ?? SMS_CODE_MESSAGE;
    }
    const p = passwordSchema.safeParse(values.newPassword);
    if (!p.success) found.newPassword = p.error.issues[0]?.message ?? PASSWORD_RULE_MESSAGE;
    else if (values.confirm !== values.newPassword) found.confirm = '两次输入的密码不一致';
    return found;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.busy || !form.check(validate())) return;
    const body =
      mode === 'old'
        ? { newPassword: values.newPassword, oldPassword: values.oldPassword }
        : { newPassword: values.newPassword, code: values.code.trim() };
    await form.submit(async () => {
      await api.put<null>('/user/password', body);
      toast.success(hasPassword ? '登录密码已修改' : '登录密码已设置');
      form.setValues(EMPTY);
      setRound((r) => r + 1);
      router.refresh();
    });
  }

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>{title}</h2>
      {hasPassword ? (
        <p className="muted small">
          {mode === 'old' ? '使用原密码修改。' : `验证码将发送到 ${phone}。`}{' '}
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              setMode(mode === 'old' ? 'code' : 'old');
              form.setErrors({});
            }}
          >
            {mode === 'old' ? '忘记原密码？改用短信验证码' : '改用原密码'}
          </button>
        </p>
      ) : (
        <p className="muted small">设置后可以用手机号加密码登录。验证码将发送到 {phone}。</p>
      )}
      {mode === 'old' ? (
        <TextField label="原密码" type="password" autoComplete="current-password" maxLength={PASSWORD_INPUT_MAX} aria-required="true" {...input('oldPassword')} />
      ) : (
        <SmsCodeField key={round} {...input('code')} request={() => api.post<SmsCodeResult>('/user/password-code')} />
      )}
      <TextField label="新密码" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} hint={PASSWORD_RULE_MESSAGE} aria-required="true" {...input('newPassword')} />
      <TextField label="确认新密码" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} aria-required="true" {...input('confirm')} />
      <div>
        <button type="submit" className="btn" disabled={form.busy}>
          {form.busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}

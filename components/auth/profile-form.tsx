'use client';
/** Edit 昵称 and 邮箱 (PUT /user/profile); the header's name and the page update after 保存. */
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { mutate } from 'swr';
import { api } from '@/lib/api/client';
import { EMAIL_MAX, NICKNAME_MAX } from '@/lib/domain/account-rules';
import { profileSchema } from '@/lib/validation/auth';
import { TextField } from '@/components/ui/text-field';
import { useFormState } from '@/components/ui/use-form-state';
import type { Profile } from './types';

type Field = 'nickname' | 'email';
const FIELDS: readonly Field[] = ['nickname', 'email'];

/** The form's values of a profile: a missing nickname or e-mail is an empty field. */
const valuesOf = (p: Profile): Record<Field, string> => ({ nickname: p.nickname ?? '', email: p.email ?? '' });

export function ProfileForm({ profile }: { profile: Profile }) {
  const router = useRouter();
  const form = useFormState(() => valuesOf(profile), FIELDS);
  const { input } = form;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.busy) return;
    const data = form.valid(profileSchema.safeParse(form.values));
    if (!data) return;
    await form.submit(async () => {
      const updated = await api.put<Profile>('/user/profile', data);
      await mutate('/user/profile', updated, { revalidate: false });
      form.setValues(valuesOf(updated));
      toast.success('已保存');
      router.refresh();
    });
  }

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-label="编辑个人信息">
      <TextField label="昵称" maxLength={NICKNAME_MAX} autoComplete="nickname" placeholder={`最多 ${NICKNAME_MAX} 个字`} {...input('nickname')} />
      <TextField label="邮箱" type="email" autoComplete="email" maxLength={EMAIL_MAX} placeholder="选填" {...input('email')} />
      <div className="row">
        <button type="submit" className="btn" disabled={form.busy}>
          {form.busy ? '保存中…' : '保存'}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={form.busy}
          onClick={() => {
            form.setValues(valuesOf(profile));
            form.setErrors({});
          }}
        >
          取消
        </button>
      </div>
    </form>
  );
}

'use client';
/** Edit 昵称 and 邮箱 (PUT /user/profile); the header's name and the page update after 保存. */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { mutate } from 'swr';
import { api } from '@/lib/api/client';
import { profileSchema } from '@/lib/validation/auth';
import { fieldErrors, TextField, type Errors } from './form-parts';
import type { Profile } from './types';

type Field = 'nickname' | 'email';
const FIELDS: readonly Field[] = ['nickname', 'email'];

export function ProfileForm({ profile }: { profile: Profile }) {
  const uid = useId();
  const router = useRouter();
  const initial = { nickname: profile.nickname ?? '', email: profile.email ?? '' };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [saving, setSaving] = useState(false);

  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    if (errors[f]) setErrors((er) => ({ ...er, [f]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, FIELDS);
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await api.put<Profile>('/user/profile', parsed.data);
      await mutate('/user/profile', updated, { revalidate: false });
      setValues({ nickname: updated.nickname ?? '', email: updated.email ?? '' });
      toast.success('已保存');
      router.refresh();
    } catch {
      // Toasted by the API client.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-label="编辑个人信息">
      <TextField
        id={`${uid}-nickname`}
        name="nickname"
        label="昵称"
        maxLength={20}
        autoComplete="nickname"
        placeholder="最多 20 个字"
        value={values.nickname}
        onChange={set('nickname')}
        error={errors.nickname}
      />
      <TextField
        id={`${uid}-email`}
        name="email"
        label="邮箱"
        type="email"
        autoComplete="email"
        maxLength={254}
        placeholder="选填"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <div className="row">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? '保存中…' : '保存'}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={saving}
          onClick={() => {
            setValues({ nickname: profile.nickname ?? '', email: profile.email ?? '' });
            setErrors({});
          }}
        >
          取消
        </button>
      </div>
    </form>
  );
}

'use client';
/**
 * 新增 / 编辑收货地址: 姓名, 电话, 地区 (region picker), 详细地址, 设为默认收货地址, 保存. Checked by the
 * same zod schema as the API (lib/validation/address.ts), messages under the fields. `redirect`
 * (a path on this site) is where 保存 returns to, e.g. the checkout that sent the shopper here.
 */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import useSWR, { mutate } from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { ADDRESS_DETAIL_MAX, ADDRESS_MAX_PER_USER } from '@/lib/constants';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { addressSchema } from '@/lib/validation/address';
import { TextField } from '@/components/auth/form-parts';
import { RegionPicker, type Region } from './region-picker';
import { ADDRESSES_KEY, type Address, type AddressBody } from './types';

type Field = 'name' | 'tel' | 'area' | 'addressDetail';
const ORDER: readonly Field[] = ['name', 'tel', 'area', 'addressDetail'];
const AREA_KEYS = new Set(['province', 'city', 'county', 'areaCode']);

const BLANK: AddressBody = { name: '', tel: '', province: '', city: '', county: '', areaCode: '', addressDetail: '', isDefault: false };

export function AddressForm({ id, redirect, listPath }: { id?: number; redirect?: string; listPath: string }) {
  const { data: list, error } = useSWR<Address[]>(ADDRESSES_KEY, swrFetcher<Address[]>);
  if (error && !list) return <p className="card empty" role="alert">地址加载失败，请刷新页面重试。</p>;
  if (!list) return <p className="card empty" aria-busy="true">加载中…</p>;
  const existing = id ? list.find((a) => a.id === id) : undefined;
  if (id && !existing) {
    return (
      <section className="card empty">
        <p>没有找到这个地址，它可能已被删除。</p>
        <a className="btn btn-ghost" href={listPath}>
          返回地址列表
        </a>
      </section>
    );
  }
  if (!id && list.length >= ADDRESS_MAX_PER_USER) {
    return (
      <section className="card empty">
        <p>每个账号最多保存 {ADDRESS_MAX_PER_USER} 个收货地址，请先删除不用的地址。</p>
        <a className="btn btn-ghost" href={listPath}>
          返回地址列表
        </a>
      </section>
    );
  }
  const initial: AddressBody = existing ? (({ id: _id, ...rest }) => rest)(existing) : { ...BLANK, isDefault: list.length === 0 };
  return <Form key={existing?.id ?? 'new'} id={existing?.id} initial={initial} back={safeRedirectPath(redirect, listPath)} />;
}

function Form({ id, initial, back }: { id?: number; initial: AddressBody; back: string }) {
  const uid = useId();
  const router = useRouter();
  const [v, setV] = useState<AddressBody>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const fid = (f: Field) => `${uid}-${f}`;
  const clear = (f: Field) => errors[f] && setErrors((e) => ({ ...e, [f]: undefined }));
  const text = (f: 'name' | 'tel' | 'addressDetail') => ({
    value: v[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setV((s) => ({ ...s, [f]: e.target.value }));
      clear(f);
    },
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const parsed = addressSchema.safeParse(v);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const f: Field | null = AREA_KEYS.has(key) ? 'area' : (ORDER as readonly string[]).includes(key) ? (key as Field) : null;
        if (f && !found[f]) found[f] = issue.message;
      }
      setErrors(found);
      const first = ORDER.find((f) => found[f]);
      if (first) document.getElementById(fid(first))?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (id) await api.put<Address>(`/addresses/${id}`, parsed.data);
      else await api.post<Address>('/addresses', parsed.data);
      await mutate(ADDRESSES_KEY);
      router.push(back);
    } catch {
      setSaving(false);
    }
  }

  return (
    <form className="form card address-form" onSubmit={onSubmit} noValidate>
      <TextField id={fid('name')} label="姓名" autoComplete="name" maxLength={40} placeholder="收货人姓名" error={errors.name} aria-required="true" {...text('name')} />
      <TextField
        id={fid('tel')}
        label="电话"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={16}
        placeholder="手机号或座机号"
        error={errors.tel}
        aria-required="true"
        {...text('tel')}
      />
      <RegionPicker
        id={fid('area')}
        value={v}
        error={errors.area}
        onChange={(r: Region) => {
          setV((s) => ({ ...s, ...r }));
          if (r.areaCode) clear('area');
        }}
      />
      <div className="field">
        <label htmlFor={fid('addressDetail')}>详细地址</label>
        <textarea
          id={fid('addressDetail')}
          maxLength={ADDRESS_DETAIL_MAX}
          placeholder="街道、小区、楼栋与门牌号"
          value={v.addressDetail}
          aria-required="true"
          aria-invalid={errors.addressDetail ? true : undefined}
          aria-describedby={`${fid('addressDetail')}-count${errors.addressDetail ? ` ${fid('addressDetail')}-error` : ''}`}
          onChange={(e) => {
            setV((s) => ({ ...s, addressDetail: e.target.value }));
            clear('addressDetail');
          }}
        />
        <p id={`${fid('addressDetail')}-count`} className="muted small auth-hint">
          {v.addressDetail.length} / {ADDRESS_DETAIL_MAX}
        </p>
        {errors.addressDetail ? (
          <p id={`${fid('addressDetail')}-error`} className="field-error">
            {errors.addressDetail}
          </p>
        ) : null}
      </div>
      <label className="check-row">
        <input type="checkbox" checked={v.isDefault} onChange={(e) => setV((s) => ({ ...s, isDefault: e.target.checked }))} />
        设为默认收货地址
      </label>
      <button type="submit" className="btn btn-block" disabled={saving} aria-busy={saving}>
        保存
      </button>
    </form>
  );
}

'use client';
/**
 * 新增 / 编辑收货地址: 姓名, 电话, 地区 (region picker), 详细地址, 设为默认收货地址, 保存. Checked by the
 * same zod schema as the API (lib/validation/address.ts), messages under the fields. `redirect`
 * (a path on this site) is where 保存 returns to, e.g. the checkout that sent the shopper here.
 */
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import { api } from '@/lib/api/client';
import { ADDRESS_DETAIL_MAX, ADDRESS_MAX_PER_USER, ADDRESS_NAME_MAX } from '@/lib/domain/address-rules';
import { PHONE_MAX } from '@/lib/domain/account-rules';
import { safeRedirectPath } from '@/lib/web/safe-redirect';
import { addressSchema } from '@/lib/validation/address';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useFormState, type Errors } from '@/components/ui/use-form-state';
import { RegionPicker, type Region } from './region-picker';
import { ADDRESSES_KEY, type Address, type AddressBody } from './types';

type Field = 'name' | 'tel' | 'area' | 'addressDetail';
const ORDER: readonly Field[] = ['name', 'tel', 'area', 'addressDetail'];
const AREA_KEYS = new Set(['province', 'city', 'county', 'areaCode']);

const BLANK: AddressBody = { name: '', tel: '', province: '', city: '', county: '', areaCode: '', addressDetail: '', isDefault: false };

/** The form for address `id` (or a new one) of the shopper's `addresses`, as the server read them. */
export function AddressForm({ id, redirect, listPath, addresses }: { id?: number; redirect?: string; listPath: string; addresses: Address[] }) {
  const existing = id ? addresses.find((a) => a.id === id) : undefined;
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
  if (!id && addresses.length >= ADDRESS_MAX_PER_USER) {
    return (
      <section className="card empty">
        <p>每个账号最多保存 {ADDRESS_MAX_PER_USER} 个收货地址，请先删除不用的地址。</p>
        <a className="btn btn-ghost" href={listPath}>
          返回地址列表
        </a>
      </section>
    );
  }
  const initial: AddressBody = existing ? (({ id: _id, ...rest }) => rest)(existing) : { ...BLANK, isDefault: addresses.length === 0 };
  return <Form key={existing?.id ?? 'new'} id={existing?.id} initial={initial} back={safeRedirectPath(redirect, listPath)} />;
}

function Form({ id, initial, back }: { id?: number; initial: AddressBody; back: string }) {
  const router = useRouter();
  const form = useFormState<AddressBody, Field>(initial, ORDER);
  const { values: v, errors, input } = form;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (form.busy) return;
    const parsed = addressSchema.safeParse(v);
    if (!parsed.success) {
      const found: Errors<Field> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const f: Field | null = AREA_KEYS.has(key) ? 'area' : (ORDER as readonly string[]).includes(key) ? (key as Field) : null;
        if (f && !found[f]) found[f] = issue.message;
      }
      form.check(found);
      return;
    }
    form.check({});
    await form.submit(
      async () => {
        if (id) await api.put<Address>(`/addresses/${id}`, parsed.data);
        else await api.post<Address>('/addresses', parsed.data);
        await mutate(ADDRESSES_KEY);
        router.push(back);
      },
      { stayBusy: true },
    );
  }

  const detail = form.id('addressDetail');
  return (
    <form className="form card address-form" onSubmit={onSubmit} noValidate>
      <TextField label="姓名" autoComplete="name" maxLength={ADDRESS_NAME_MAX} placeholder="收货人姓名" aria-required="true" {...input('name')} />
      <TextField label="电话" type="tel" autoComplete="tel" inputMode="tel" maxLength={PHONE_MAX} placeholder="手机号或座机号" aria-required="true" {...input('tel')} />
      <RegionPicker
        id={form.id('area')}
        value={v}
        error={errors.area}
        onChange={(r: Region) => {
          form.setValues((s) => ({ ...s, ...r }));
          if (r.areaCode) form.clear('area');
        }}
      />
      <div className="field">
        <label htmlFor={detail}>详细地址</label>
        <textarea
          id={detail}
          maxLength={ADDRESS_DETAIL_MAX}
          placeholder="街道、小区、楼栋与门牌号"
          value={v.addressDetail}
          aria-required="true"
          aria-invalid={errors.addressDetail ? true : undefined}
          aria-describedby={`${detail}-count${errors.addressDetail ? ` ${detail}-error` : ''}`}
          onChange={(e) => form.patch({ addressDetail: e.target.value })}
        />
        <p id={`${detail}-count`} className="muted small auth-hint">
          {v.addressDetail.length} / {ADDRESS_DETAIL_MAX}
        </p>
        <FieldError id={`${detail}-error`} message={errors.addressDetail} />
      </div>
      <label className="check-row">
        <input type="checkbox" checked={v.isDefault} onChange={(e) => form.setValues((s) => ({ ...s, isDefault: e.target.checked }))} />
        设为默认收货地址
      </label>
      <button type="submit" className="btn btn-block" disabled={form.busy} aria-busy={form.busy}>
        保存
      </button>
    </form>
  );
}

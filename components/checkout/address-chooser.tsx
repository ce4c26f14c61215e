'use client';
/** 收货地址 inside checkout: the saved addresses as radio choices (the default first chosen), 新增地址. */
import Link from 'next/link';
import { AddressText } from '@/components/address/address-card';
import type { Address } from '@/components/address/types';
import { withQuery } from '@/lib/web/query-string';

export function AddressChooser({
  addresses,
  value,
  onChange,
  returnTo,
}: {
  addresses: Address[];
  value: number | null;
  onChange: (id: number) => void;
  returnTo: string;
}) {
  const add = (
    <Link href={withQuery('/AddressEdit', { redirect: returnTo })} className="btn btn-ghost" prefetch={false}>
      新增地址
    </Link>
  );
  return (
    <section className="card" aria-labelledby="checkout-address-title">
      <h2 id="checkout-address-title">收货地址</h2>
      {addresses.length === 0 ? (
        <div className="notice">
          <p>还没有收货地址，请先新增一个收货地址。</p>
          {add}
        </div>
      ) : (
        <fieldset className="address-choices">
          <legend className="sr-only">选择收货地址</legend>
          {addresses.map((a) => (
            <label key={a.id} className="address-choice" data-checked={a.id === value ? 'true' : undefined}>
              <input type="radio" name="addressId" value={a.id} checked={a.id === value} onChange={() => onChange(a.id)} />
              <AddressText address={a} isDefault={a.isDefault} />
            </label>
          ))}
          <p className="row">{add}</p>
        </fieldset>
      )}
    </section>
  );
}

'use client';
/**
 * The address book (/Address on mobile, /personalCenter/PersonalAddress on desktop): each address
 * with its 默认 tag, 编辑, 删除 (confirmed) and 设为默认收货地址; 新增地址 opens /AddressEdit.
 */
import Link from 'next/link';
import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api/client';
import { ADDRESS_MAX_PER_USER } from '@/lib/constants';
import { useConfirm } from '@/components/checkout/confirm-dialog';
import { AddressText } from './address-card';
import { ADDRESSES_KEY, type Address } from './types';

export const ADDRESS_EDIT_PATH = '/AddressEdit';

export function AddressList() {
  const { data, error, mutate } = useSWR<Address[]>(ADDRESSES_KEY, swrFetcher<Address[]>);
  const [confirm, dialog] = useConfirm();

  if (error && !data) return <p className="card empty" role="alert">地址加载失败，请刷新页面重试。</p>;
  if (!data) return <p className="card empty" aria-busy="true">加载中…</p>;

  const full = data.length >= ADDRESS_MAX_PER_USER;
  const remove = async (a: Address) => {
    if (!(await confirm(`确定删除 ${a.name} 的收货地址吗？`, '删除'))) return;
    try {
      await api.delete<null>(`/addresses/${a.id}`);
    } finally {
      await mutate();
    }
  };
  const makeDefault = async (a: Address) => {
    const { id, ...body } = a;
    try {
      await api.put<Address>(`/addresses/${id}`, { ...body, isDefault: true });
    } finally {
      await mutate();
    }
  };

  return (
    <div className="address-book">
      {data.length === 0 ? (
        <p className="card empty">还没有收货地址。</p>
      ) : (
        <ul className="address-list">
          {data.map((a) => (
            <li key={a.id} className="card address-item">
              <AddressText address={a} isDefault={a.isDefault} />
              <div className="address-actions">
                {a.isDefault ? null : (
                  <button type="button" className="link-btn" onClick={() => makeDefault(a)}>
                    设为默认收货地址
                  </button>
                )}
                <Link href={`${ADDRESS_EDIT_PATH}?id=${a.id}`} prefetch={false} aria-label={`编辑 ${a.name} 的地址`}>
                  编辑
                </Link>
                <button type="button" className="link-btn" onClick={() => remove(a)} aria-label={`删除 ${a.name} 的地址`}>
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="notice small">已保存 {ADDRESS_MAX_PER_USER} 个地址，达到上限；删除不用的地址后才能新增。</p>
      ) : (
        <Link href={ADDRESS_EDIT_PATH} className="btn btn-block address-new" prefetch={false}>
          新增地址
        </Link>
      )}
      {dialog}
    </div>
  );
}

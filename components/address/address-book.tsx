'use client';
/**
 * The address book as the server rendered it: each address with its 默认 tag, 编辑, 删除 (confirmed)
 * and 设为默认收货地址; 新增地址 opens /AddressEdit. A change reloads the list from the server.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { mutate } from 'swr';
import { api } from '@/lib/api/client';
import { ADDRESS_MAX_PER_USER } from '@/lib/domain/address-rules';
import { useConfirm } from '@/components/ui/use-confirm';
import { AddressText } from './address-card';
import { ADDRESS_EDIT_PATH, ADDRESSES_KEY, type Address } from './types';

export function AddressBook({ addresses }: { addresses: Address[] }) {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();

  const full = addresses.length >= ADDRESS_MAX_PER_USER;
  /** Sends the change; whatever came of it, the list is read again (and the checkout's cached copy refreshed). */
  const change = async (request: () => Promise<unknown>) => {
    try {
      await request();
    } catch {
      // The API client has shown the server's message as a toast.
    } finally {
      router.refresh();
      await mutate(ADDRESSES_KEY);
    }
  };
  const remove = async (a: Address) => {
    if (!(await confirm(`确定删除 ${a.name} 的收货地址吗？`, '删除'))) return;
    await change(() => api.delete<null>(`/addresses/${a.id}`));
  };
  const makeDefault = ({ id, ...body }: Address) => change(() => api.put<Address>(`/addresses/${id}`, { ...body, isDefault: true }));

  return (
    <div className="address-book">
      {addresses.length === 0 ? (
        <p className="card empty">还没有收货地址。</p>
      ) : (
        <ul className="address-list">
          {addresses.map((a) => (
            <li key={a.id} className="card address-item">
              <AddressText address={a} isDefault={a.isDefault} />
              <div className="address-actions">
                {a.isDefault ? null : (
                  <button type="button" className="link-btn tap" onClick={() => makeDefault(a)}>
                    设为默认收货地址
                  </button>
                )}
                <Link href={`${ADDRESS_EDIT_PATH}?id=${a.id}`} prefetch={false} className="tap" aria-label={`编辑 ${a.name} 的地址`}>
                  编辑
                </Link>
                <button type="button" className="link-btn tap" onClick={() => remove(a)} aria-label={`删除 ${a.name} 的地址`}>
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

import { AddressEditor } from '@/components/address/address-editor';
import { AddressList } from '@/components/address/address-list';
import { getPageUser } from '@/lib/auth/page-session';
import { queryValue } from '@/lib/web/page-query';
import { screenHref } from '@/lib/domain/screens';
import { AccountFrame } from './account-frame';
import { AddressRules } from './address-rules';
import type { QueryScreenProps, ScreenProps } from './screen-props';

/** 收货地址 (/Address on mobile, /personalCenter/PersonalAddress on desktop). */
export function AddressListScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="收货地址" what="您的收货地址" intro="管理确认订单时使用的收货地址。" account={(u) => <AddressList userId={u.id} />}>
      <AddressRules />
    </AccountFrame>
  );
}

/** 新增或编辑一个收货地址 (/AddressEdit?id= to edit; ?redirect= returns there after 保存). */
export async function AddressEditScreen({ path, query }: QueryScreenProps) {
  const user = await getPageUser();
  const raw = queryValue(query, 'id');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  return (
    <AccountFrame
      path={path}
      heading={id ? '编辑收货地址' : '新增收货地址'}
      what="并编辑您的收货地址"
      guestIntro="新增一个收货地址，或修改已保存的地址。"
      user={user}
      account={(u) => <AddressEditor userId={u.id} id={id} redirect={queryValue(query, 'redirect')} listPath={screenHref('address', 'mobile')} />}
    >
      <AddressRules fields={!user} />
    </AccountFrame>
  );
}

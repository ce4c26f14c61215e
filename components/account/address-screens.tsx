import { AccountFrame } from './account-frame';
import type { ScreenProps } from './account-paths';
import { AddressRules } from './address-rules';

/** 收货地址 (/Address on mobile, /personalCenter/PersonalAddress on desktop). */
export function AddressListScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="收货地址" what="您的收货地址" intro="管理确认订单时使用的收货地址。">
      <AddressRules />
    </AccountFrame>
  );
}

/** 新增或编辑一个收货地址 (/AddressEdit). */
export function AddressEditScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="编辑收货地址" what="并编辑您的收货地址" intro="新增一个收货地址，或修改已保存的地址。">
      <AddressRules fields />
    </AccountFrame>
  );
}

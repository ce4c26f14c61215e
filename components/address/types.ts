/** What GET /addresses answers, one row: the server's own type. */
import type { Address } from '@/lib/server/modules/accounts';

export type { Address };

export type AddressBody = Omit<Address, 'id'>;

export const ADDRESSES_KEY = '/addresses';

/** 安徽省 合肥市 蜀山区 科学大道 909 号 */
export function addressLine(a: Pick<Address, 'province' | 'city' | 'county' | 'addressDetail'>): string {
  return [a.province, a.city, a.county, a.addressDetail].filter(Boolean).join(' ');
}

/** 新增 or 编辑 (?id=) an address. */
export const ADDRESS_EDIT_PATH = '/AddressEdit';

import { addressLine, type Address } from './types';
import type { AddressSnapshot } from '@/components/order/types';

/** 姓名 电话, the 默认 tag, and the full address, as one block. */
export function AddressText({ address, isDefault }: { address: Address | AddressSnapshot; isDefault?: boolean }) {
  return (
    <div className="address-text">
      <p className="address-who">
        <strong>{address.name}</strong> <span>{address.tel}</span> {isDefault ? <span className="tag">默认</span> : null}
      </p>
      <p className="muted small address-where">{addressLine(address)}</p>
    </div>
  );
}

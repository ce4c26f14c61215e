'use client';
/** 再次购买 / 删除订单 of one order in the lists (the desktop table, the phone's cards); the list reloads after a delete. */
import { useRouter } from 'next/navigation';
import type { Device } from '@/lib/web/device';
import type { OrderSummary } from './types';
import { useFinishedOrder } from './use-finished-order';

type Props = {
  order: Pick<OrderSummary, 'orderNo' | 'canRebuy' | 'canRemove'>;
  device: Device;
  /** One of the two only: the phone's card puts 删除订单 small in its head, 再次购买 among its buttons. */
  only?: 'rebuy' | 'remove';
};

export function FinishedOrderButtons({ order, device, only }: Props) {
  const router = useRouter();
  const { busy, rebuy, remove, dialog } = useFinishedOrder(device);
  const canRemove = order.canRemove && only !== 'rebuy';
  const canRebuy = order.canRebuy && only !== 'remove';
  if (!canRebuy && !canRemove) return null;
  // Small links in the table's row and the card's head, buttons among the card's buttons.
  const look = device === 'desktop' || only === 'remove' ? 'link-button' : 'btn btn-ghost';
  return (
    <>
      {canRemove ? (
        <button type="button" className={look} disabled={busy} onClick={() => remove(order.orderNo, () => router.refresh())}>
          删除订单
        </button>
      ) : null}
      {canRebuy ? (
        <button type="button" className={look} disabled={busy} onClick={() => rebuy(order.orderNo)}>
          再次购买
        </button>
      ) : null}
      {dialog}
    </>
  );
}

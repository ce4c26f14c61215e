'use client';
/**
 * 再次购买 and 删除订单 of a finished order (docs/rules.md#rebuy, #delete-order), for the detail and
 * the lists alike. 再次购买 says what it could not put back (the server's notice) and opens the cart;
 * 删除订单 asks first, with a way back that cannot be mistaken for it.
 */
import { useRouter } from 'next/navigation';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import type { PutBack } from '@/lib/server/modules/cart';
import { refreshCart } from '@/components/cart/use-cart';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';

const orderPath = (orderNo: string, what = '') => `/orders/${encodeURIComponent(orderNo)}${what}`;

export function useFinishedOrder(device: Device) {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();

  const rebuy = (orderNo: string) =>
    submit(async () => {
      const r = await api.post<PutBack & { notice: string }>(orderPath(orderNo, '/rebuy'));
      // Lines left out are news the shopper must read: a plain toast, shown longer than a success.
      if (r.skipped.length || r.added.some((l) => l.capped)) toast(r.notice, { duration: 6000 });
      else toast.success(r.notice);
      await refreshCart(); // the badge and the cart page read the new lines, not a cached empty cart
      router.push(screenHref('cart', device));
    });

  /** `done`: where the shopper goes once the order is gone (the list again). */
  const remove = async (orderNo: string, done: () => void) => {
    const question = '删除后，该订单将不再出现在您的订单列表中，且不能恢复；商城仍按规定保留订单记录用于售后和开票。确定删除吗？';
    if (busy || !(await confirm(question, '删除订单', { cancelLabel: '暂不删除', danger: true }))) return;
    await submit(async () => {
      await api.delete(orderPath(orderNo));
      toast.success('订单已删除');
      done();
    });
  };

  return { busy, rebuy, remove, dialog };
}

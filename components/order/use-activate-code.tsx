'use client';
/**
 * 激活 of one code, shared by the order's codes and 我的服务: activating starts the term and ends the
 * chance of a refund, so it is confirmed first; `done` runs once the server has activated it.
 */
import { afterSaleApi } from '@/lib/api/client';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';

export function useActivateCode(done: () => void) {
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const activate = async (code: string) => {
    if (busy || !(await confirm('激活后开始计算有效期，且订单不能再申请退款。确定激活吗？', '激活'))) return;
    await submit(async () => {
      await afterSaleApi.activateLicense(code);
      done();
    });
  };
  return { activate, busy, dialog };
}

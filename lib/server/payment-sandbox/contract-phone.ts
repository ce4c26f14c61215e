/**
 * The shopper's side of a demo deduction contract: the page on the demo phone (WeChat's 委托代扣 page,
 * Alipay's 周期扣款 page) and what its buttons do: 同意并签约 (signed, the shop notified), 取消 (declined:
 * nothing signed, nothing told), 解除协议 (the shopper ends it at the provider: the shop notified), and
 * the demo's 余额不足 switch for the charges that follow.
 */
import { sameSiteUrl } from './payer';
import { contractByRef, moveContract, setBalanceShort, type SandboxContract } from './contract-store';
import { notifyContract } from './contract-deliver';
import type { SandboxProvider } from './store';

export type ContractView = {
  ref: string;
  contractId: string;
  outContractCode: string;
  displayAccount: string;
  description: string;
  amountFen: number | null;
  status: 'PENDING' | 'SIGNED' | 'CANCELLED' | 'TERMINATED';
  balanceShort: boolean;
  returnUrl: string | null;
};

const view = (c: SandboxContract): ContractView => ({
  ref: c.ref,
  contractId: c.contractId,
  outContractCode: c.outContractCode,
  displayAccount: c.displayAccount,
  description: c.description,
  amountFen: c.amountFen,
  status: c.status as ContractView['status'],
  balanceShort: c.balanceShort,
  returnUrl: sameSiteUrl(c.returnUrl),
});

export async function sandboxContract(provider: SandboxProvider, ref: string): Promise<ContractView | null> {
  const c = await contractByRef(provider, ref);
  return c ? view(c) : null;
}

const CONTRACT_ACTIONS = ['sign', 'cancel', 'terminate', 'balance_short', 'balance_ok'] as const;
type Action = (typeof CONTRACT_ACTIONS)[number];

/** Applies one button; a message when it does not apply (the contract moved meanwhile). */
export async function contractAction(provider: SandboxProvider, ref: string, action: string): Promise<{ ok: true; next: string } | { ok: false; message: string }> {
  const c = await contractByRef(provider, ref);
  if (!c) return { ok: false, message: '协议不存在' };
  if (!(CONTRACT_ACTIONS as readonly string[]).includes(action)) return { ok: false, message: '未知的操作' };
  const page = `/sandbox/${provider === 'wechat' ? 'wechat/papay' : 'alipay/agreement'}/${ref}`;
  switch (action as Action) {
    case 'sign': {
      const signed = await moveContract(c.id, 'PENDING', 'SIGNED');
      if (!signed) return { ok: false, message: '该协议已签约或已关闭' };
      await notifyContract(signed, 'signed');
      return { ok: true, next: sameSiteUrl(c.returnUrl) ?? page };
    }
    case 'cancel':
      return (await moveContract(c.id, 'PENDING', 'CANCELLED')) ? { ok: true, next: sameSiteUrl(c.returnUrl) ?? page } : { ok: false, message: '该协议已签约或已关闭' };
    case 'terminate': {
      const ended = await moveContract(c.id, 'SIGNED', 'TERMINATED');
      if (!ended) return { ok: false, message: '该协议不在生效中' };
      await notifyContract(ended, 'terminated');
      return { ok: true, next: page };
    }
    case 'balance_short':
    case 'balance_ok':
      await setBalanceShort(c.id, action === 'balance_short');
      return { ok: true, next: page };
  }
}

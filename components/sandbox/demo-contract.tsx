/**
 * The demo phone's page of a deduction contract: WeChat Pay's 委托代扣 or Alipay's 周期扣款 as the shopper
 * sees it before agreeing (the merchant, the service, the amount per year, 同意并签约 / 取消), then, once
 * signed, 解除协议 (ending it at the provider) and the demo's 余额不足 switch. Plain forms, no script.
 */
import type { ContractView } from '@/lib/server/payment-sandbox/contract-phone';
import { SHOP_NAME } from '@/lib/shop-identity';
import { AUTO_RENEW_RULES } from '@/lib/domain/auto-renew';
import { formatFen } from '@/lib/domain/money';

type Props = { brand: 'wechat' | 'alipay'; contract: ContractView; action: string; error?: string };

const TEXT = {
  wechat: { name: '微信支付', product: '委托代扣' },
  alipay: { name: '支付宝', product: '周期扣款' },
} as const;

const STATUS = { SIGNED: '已签约：到期时将按协议自动扣款。', CANCELLED: '你已取消签约，未开通自动扣款。', TERMINATED: '协议已解除，不会再自动扣款。' } as const;

function Button({ action, value, label, secondary }: { action: string; value: string; label: string; secondary?: boolean }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="do" value={value} />
      <button type="submit" className={secondary ? 'btn btn-block btn-ghost' : 'btn btn-block'}>
        {label}
      </button>
    </form>
  );
}

export function DemoContract({ brand, contract: c, action, error }: Props) {
  const t = TEXT[brand];
  return (
    <section className={`sandbox-pay sandbox-${brand}`} aria-labelledby="sandbox-title">
      <p className="sandbox-banner">演示环境：这里模拟{t.name}的{t.product}签约，不会产生真实扣款。</p>
      <h1 id="sandbox-title">
        {t.name} · {t.product}
      </h1>
      <p className="small">商户：{SHOP_NAME}</p>
      {c.amountFen !== null ? (
        <p className="sandbox-amount" data-testid="sandbox-amount">
          {formatFen(c.amountFen)} / 年
        </p>
      ) : null}
      <dl className="term-list">
        <div>
          <dt>服务</dt>
          <dd>{c.description}</dd>
        </div>
        <div>
          <dt>账户</dt>
          <dd>{c.displayAccount}</dd>
        </div>
        <div>
          <dt>扣款规则</dt>
          <dd>每年到期时自动续费一年；{AUTO_RENEW_RULES}。</dd>
        </div>
        <div>
          <dt>协议号</dt>
          <dd>{c.contractId}</dd>
        </div>
      </dl>
      {error ? (
        <p className="notice" role="alert">
          {error}
        </p>
      ) : null}
      {c.status === 'PENDING' ? (
        <>
          <Button action={action} value="sign" label="同意并签约" />
          <Button action={action} value="cancel" label="取消" secondary />
        </>
      ) : (
        <p className="notice" role="status">
          {STATUS[c.status]}
        </p>
      )}
      {c.status === 'SIGNED' ? (
        <>
          <Button action={action} value="terminate" label="解除协议" secondary />
          <Button action={action} value={c.balanceShort ? 'balance_ok' : 'balance_short'} label={c.balanceShort ? '恢复余额（演示）' : '模拟「余额不足」（演示：之后的扣款都会失败）'} secondary />
        </>
      ) : null}
      {c.status !== 'PENDING' && c.returnUrl ? (
        <p>
          <a href={c.returnUrl}>返回商城</a>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The shopper's screen of a demo gateway: WeChat's "phone" (what the Native QR code and the H5 link
 * open) or Alipay's cashier. A plain form posts the confirmation: no script needed.
 */
import type { TradeView } from '@/lib/server/payment-sandbox/payer';
import { SHOP_NAME } from '@/lib/shop-identity';
import { formatFen } from '@/lib/domain/money';

type Props = {
  brand: 'wechat' | 'alipay';
  trade: TradeView;
  action: string;
  error?: string;
  redirectUrl?: string | null;
};

const TEXT = {
  wechat: { name: '微信支付', merchant: `收款方：${SHOP_NAME}`, button: '确认支付', done: '支付成功' },
  alipay: { name: '支付宝', merchant: `收款方：${SHOP_NAME}`, button: '确认付款', done: '付款成功' },
} as const;

export function DemoTrade({ brand, trade, action, error, redirectUrl }: Props) {
  const t = TEXT[brand];
  const payable = trade.status === 'NOTPAY';
  return (
    <section className={`sandbox-pay sandbox-${brand}`} aria-labelledby="sandbox-title">
      <p className="sandbox-banner">演示环境：这里模拟{t.name}，不会产生真实扣款。</p>
      <h1 id="sandbox-title">{t.name}</h1>
      <p className="small">{t.merchant}</p>
      <p className="sandbox-amount" data-testid="sandbox-amount">
        {formatFen(trade.amountFen)}
      </p>
      <dl className="term-list">
        <div>
          <dt>商品</dt>
          <dd>{trade.description}</dd>
        </div>
        <div>
          <dt>商户订单号</dt>
          <dd>{trade.outTradeNo}</dd>
        </div>
        <div>
          <dt>交易号</dt>
          <dd>{trade.tradeNo}</dd>
        </div>
      </dl>
      {error ? (
        <p className="notice" role="alert">
          {error}
        </p>
      ) : null}
      {payable ? (
        <form method="post" action={action}>
          {redirectUrl ? <input type="hidden" name="redirect_url" value={redirectUrl} /> : null}
          <label className="small sandbox-drop">
            <input type="checkbox" name="drop_notify" value="1" /> 模拟「支付通知丢失」（商城需自行查询支付结果）
          </label>
          <button type="submit" className="btn btn-block">
            {t.button}
          </button>
        </form>
      ) : (
        <p className="notice" role="status">
          {trade.status === 'SUCCESS' || trade.status === 'REFUND' ? `${t.done}，请回到商城查看订单。` : trade.status === 'EXPIRED' ? '交易已过期，请回到商城重新下单。' : '交易已关闭。'}
        </p>
      )}
      {!payable && redirectUrl ? (
        <p>
          <a href={redirectUrl}>返回商城</a>
        </p>
      ) : null}
    </section>
  );
}

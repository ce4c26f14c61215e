import Link from 'next/link';
import { CartView } from '@/components/cart/cart-view';
import { checkoutItems } from '@/components/checkout/checkout-request';
import { CheckoutForm } from '@/components/checkout/checkout-form';
import { PaySummary } from '@/components/order/pay-summary';
import { PayPanel } from '@/components/pay/pay-panel';
import { paidOrder } from '@/components/pay/paid-order';
import { PayDone } from '@/components/pay/pay-done';
import { PaymentResult } from '@/components/pay/payment-result';
import type { Order } from '@/lib/server/services/order';
import { WechatPay } from '@/components/pay/wechat-pay';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { REMARK_RULE, SHIPPING_RULE, UNPAID_RULE } from '@/content/shop-rules';
import { getPageUser } from '@/lib/auth/page-session';
import { queryValue, selfHref } from '@/lib/page-query';
import { screenHref } from '@/lib/screens';
import { shopMode } from '@/lib/site';
import { AccountFrame } from './account-frame';
import { CheckoutSteps } from './checkout-steps';
import { PayMethods } from './pay-method-guide';
import type { DeviceQueryScreenProps, DeviceScreenProps } from './screen-props';

/** 购物车 (/Cart: a list, /personalCenter/PersonalShoppCart: a table). Works anonymously too. */
export function CartScreen({ path, device }: DeviceScreenProps) {
  const view = <CartView layout={device === 'desktop' ? 'table' : 'list'} />;
  return (
    <AccountFrame
      path={path}
      heading="购物车"
      what="购物车中的商品"
      intro="勾选要购买的商品，确认数量后点击「去结算」。"
      account={() => view}
      guest={
        <>
          <p className="notice small">未登录时购物车保存在本浏览器中，登录后会合并到您的账号。</p>
          {view}
        </>
      }
    >
      <CardSection title="购物须知">
        <FactList
          items={[
            '在商品页选择规格和数量后点击「加入购物车」；想马上下单，点击「立即购买」。',
            '已下架或库存不足的商品不能结算，可删除或调整数量。',
            SHIPPING_RULE,
            UNPAID_RULE,
          ]}
        />
        <p className="row">
          <Link href="/helpCenter/userGuide">购物指南</Link>
        </p>
      </CardSection>
    </AccountFrame>
  );
}

/** 确认订单 (/CreateOrder on mobile, /OrderSettlePC on desktop): ?skuId=&quantity= or ?fromCart=1. */
export async function CheckoutScreen({ path, device, query }: DeviceQueryScreenProps) {
  const user = await getPageUser();
  const items = checkoutItems(query);
  const cartPath = screenHref('cart', device);
  return (
    <AccountFrame
      path={path}
      heading="确认订单"
      what="待确认的订单"
      intro="核对收货地址、商品和金额，确认无误后提交订单。"
      top={<CheckoutSteps current={1} />}
      user={user}
      account={() =>
        items ? (
          <CheckoutForm items={items} device={device} returnTo={selfHref(path, query)} cartPath={cartPath} />
        ) : (
          <section className="card empty">
            <p>没有要结算的商品。请在购物车中勾选商品后点击「去结算」，或在商品页点击「立即购买」。</p>
            <Link href={cartPath} className="btn btn-ghost">
              返回购物车
            </Link>
          </section>
        )
      }
    >
      <CardSection title="提交前请核对">
        <FactList items={[SHIPPING_RULE, REMARK_RULE, '实付金额 = 商品金额 + 运费 − 优惠。']} />
        <p className="notice small">点击「提交订单」后进入选择支付。{UNPAID_RULE}</p>
        <p>
          <Link href={cartPath}>返回购物车</Link>
        </p>
      </CardSection>
    </AccountFrame>
  );
}

/** The title of a pay screen once its order is paid (the h1 here, the document title in screen-page.tsx). */
export const PAID_HEADING = '支付成功';

/**
 * A pay screen whose order is paid (on arrival, or refreshed by the screen once the payment is
 * confirmed): 支付成功, the steps at 支付完成, the order and 查看订单 / 继续购物, no pay guide.
 */
function PaidScreen({ path, device, order }: DeviceScreenProps & { order: Order }) {
  return (
    <AccountFrame path={path} heading={PAID_HEADING} what="已支付的订单" top={<CheckoutSteps current={3} />} account={() => <PayDone order={order} device={device} />} />
  );
}

/** 选择支付方式 (/PayDetail on mobile) and 收银台 (/PaySelectPC on desktop): the order above the pay methods. */
export async function PayScreen({ path, device, query }: DeviceQueryScreenProps) {
  const paid = await paidOrder(query);
  if (paid) return <PaidScreen path={path} device={device} order={paid} />;
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '选择支付方式' : '收银台'}
      what="待支付的订单"
      intro="选择一种支付方式，点击「确认支付」完成付款。"
      top={<CheckoutSteps current={2} />}
      account={() => {
        const orderNo = queryValue(query, 'orderNo') ?? null;
        const paymentNo = queryValue(query, 'paymentNo');
        // Back from the provider's page (?paymentNo=): the confirmed result; otherwise the order and the methods.
        if (orderNo && paymentNo) return <PaymentResult paymentNo={paymentNo} orderNo={orderNo} layout={device} />;
        return (
          <>
            <PaySummary orderNo={orderNo} listPath={screenHref('orders', device)} />
            <PayPanel orderNo={orderNo} layout={device} />
          </>
        );
      }}
    >
      <PayMethods device={device} />
    </AccountFrame>
  );
}

/** 微信支付 (/WxpayDetail, H5 on mobile) and 微信扫码支付 (/WxpayDetailPC, QR code on desktop): ?orderNo= (&paymentNo= on return). */
export async function WxpayScreen({ path, device, query }: DeviceQueryScreenProps) {
  const paid = await paidOrder(query);
  if (paid) return <PaidScreen path={path} device={device} order={paid} />;
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '微信支付' : '微信扫码支付'}
      what="待支付的订单"
      intro={device === 'mobile' ? '跳转到微信完成本订单的付款。' : '用手机微信扫描二维码，完成本订单的付款。'}
      top={<CheckoutSteps current={2} />}
      account={() => (
        <WechatPay
          orderNo={queryValue(query, 'orderNo') ?? null}
          returnedPaymentNo={queryValue(query, 'paymentNo') ?? null}
          layout={device}
          demo={shopMode() === 'demo'}
          listPath={screenHref('orders', device)}
        />
      )}
    >
      <PayMethods device={device} only="wechat" />
    </AccountFrame>
  );
}

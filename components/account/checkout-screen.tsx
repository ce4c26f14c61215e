import Link from 'next/link';
import { checkoutItems } from '@/components/checkout/checkout-request';
import { CheckoutForm } from '@/components/checkout/checkout-form';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { REMARK_RULE, SHIPPING_RULE, UNPAID_RULE } from '@/content/shop-rules';
import { getPageUser } from '@/lib/auth/page-session';
import { selfHref } from '@/lib/web/page-query';
import { screenHref } from '@/lib/domain/screens';
import { AccountFrame } from './account-frame';
import { CheckoutSteps } from './checkout-steps';
import type { DeviceQueryScreenProps } from './screen-props';

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

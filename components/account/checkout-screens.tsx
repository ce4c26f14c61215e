import Link from 'next/link';
import { AccountFrame } from './account-frame';
import { ACCOUNT_PATHS, type DeviceScreenProps, type ScreenProps } from './account-paths';
import { CheckoutSteps } from './checkout-steps';
import { FactList, FrameSection } from './frame-parts';
import { PayMethods } from './pay-methods';
import { REMARK_RULE, SHIPPING_RULE, UNPAID_RULE } from './rules';

/** 购物车 (/Cart, /personalCenter/PersonalShoppCart). */
export function CartScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="购物车" what="购物车中的商品" intro="勾选要购买的商品，确认数量后点击「去结算」。">
      <FrameSection title="购物须知">
        <FactList
          items={[
            '在商品页选择规格和数量后点击「加入购物车」；想马上下单，点击「立即购买」。',
            SHIPPING_RULE,
            UNPAID_RULE,
          ]}
        />
        <p className="row">
          <Link href="/ProductList" className="btn btn-ghost">
            去逛逛
          </Link>
          <Link href="/helpCenter/userGuide">购物指南</Link>
        </p>
      </FrameSection>
    </AccountFrame>
  );
}

/** 确认订单 (/CreateOrder on mobile, /OrderSettlePC on desktop). */
export function CheckoutScreen({ path, device }: DeviceScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading="确认订单"
      what="待确认的订单"
      intro="核对收货地址、商品和金额，确认无误后提交订单。"
      top={<CheckoutSteps current={1} />}
    >
      <FrameSection title="提交前请核对">
        <FactList
          items={[
            '收货地址：选择一个已保存的地址，或「新增地址」。',
            '商品清单：每件商品的规格、数量和单价。',
            SHIPPING_RULE,
            REMARK_RULE,
            '实付金额 = 商品金额 + 运费 − 优惠。',
          ]}
        />
        <p className="notice small">点击「提交订单」后进入选择支付。{UNPAID_RULE}</p>
        <p>
          <Link href={ACCOUNT_PATHS[device].cart}>返回购物车</Link>
        </p>
      </FrameSection>
    </AccountFrame>
  );
}

/** 选择支付方式 (/PayDetail on mobile) and 收银台 (/PaySelectPC on desktop). */
export function PayScreen({ path, device }: DeviceScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '选择支付方式' : '收银台'}
      what="待支付的订单"
      intro="选择一种支付方式，点击「确认支付」完成付款。"
      top={<CheckoutSteps current={2} />}
    >
      <PayMethods device={device} />
    </AccountFrame>
  );
}

/** 微信支付 (/WxpayDetail, H5 on mobile) and 微信扫码支付 (/WxpayDetailPC, QR code on desktop). */
export function WxpayScreen({ path, device }: DeviceScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading={device === 'mobile' ? '微信支付' : '微信扫码支付'}
      what="待支付的订单"
      intro={device === 'mobile' ? '跳转到微信完成本订单的付款。' : '用手机微信扫描二维码，完成本订单的付款。'}
      top={<CheckoutSteps current={2} />}
    >
      <PayMethods device={device} only="wechat" />
    </AccountFrame>
  );
}

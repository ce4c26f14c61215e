import type { Metadata } from 'next';
import { PaySummary } from '@/components/order/pay-summary';
import { PayPanel } from '@/components/pay/pay-panel';
import { paidOrder } from '@/components/pay/paid-order';
import { PayDone } from '@/components/pay/pay-done';
import { PaymentResult } from '@/components/pay/payment-result';
import type { Order } from '@/lib/server/views/orders-detail';
import { WechatPay } from '@/components/pay/wechat-pay';
import type { Device } from '@/lib/web/device';
import { queryValue, type PageQuery } from '@/lib/web/page-query';
import { screenHref, type SCREENS } from '@/lib/domain/screens';
import { shopMode } from '@/lib/site';
import { SHOP_NAME } from '@/lib/shop-identity';
import { AccountFrame } from './account-frame';
import { CheckoutSteps } from './checkout-steps';
import { PayMethods } from './pay-method-guide';
import { screenPage, type ScreenView, type ShopPage } from './screen-page';
import type { DeviceQueryScreenProps, DeviceScreenProps } from './screen-props';

/** The title of a pay screen once its order is paid (the h1 here, the document title in payScreenPage). */
const PAID_HEADING = '支付成功';

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

/** The pay screens' pages: their title says 支付成功 once the order is paid (the page is per request anyway). */
export function payScreenPage(
  path: (typeof SCREENS)['pay' | 'wechatPay'][Device],
  View: ScreenView,
): Pick<ShopPage, 'Page'> & { generateMetadata: (p: { searchParams: Promise<PageQuery> }) => Promise<Metadata> } {
  const { metadata, Page } = screenPage(path, View);
  const generateMetadata = async ({ searchParams }: { searchParams: Promise<PageQuery> }): Promise<Metadata> =>
    (await paidOrder(await searchParams)) ? { ...metadata, title: { absolute: `${PAID_HEADING} - ${SHOP_NAME}` } } : metadata;
  return { generateMetadata, Page };
}

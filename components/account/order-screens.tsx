import { AccountFrame } from './account-frame';
import type { ScreenProps } from './account-paths';
import { FactList, FrameSection, TermList } from './frame-parts';
import { OrderStatusGuide, OrderStatusTabs } from './order-status';
import { AUTO_COMPLETE_RULE } from './rules';

/** 我的订单 (/Order on mobile, /personalCenter/PersonalOrder on desktop). */
export function OrderListScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="我的订单" what="您的订单" top={<OrderStatusTabs basePath={path} />}>
      <FrameSection title="订单状态说明">
        <OrderStatusGuide />
      </FrameSection>
    </AccountFrame>
  );
}

/** 订单详情 (/OrderDetail on mobile, /OrderDetailPC on desktop). */
export function OrderDetailScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="订单详情" what="订单详情" intro="查看一个订单的商品、金额、收货信息和进度。">
      <FrameSection title="订单详情包含">
        <FactList
          items={[
            '订单编号、下单时间和订单状态；待付款订单显示支付截止时间。',
            '商品、规格、数量和单价。',
            '收货人、电话和收货地址。',
            '商品金额、运费、优惠和实付金额。',
            '已发货订单的快递公司和运单号。',
            '量子安全服务的激活码。',
            '发票的申请状态。',
          ]}
        />
      </FrameSection>
      <FrameSection title="可进行的操作">
        <TermList
          items={[
            { term: '待付款', text: '选择「微信支付」或「支付宝支付」完成付款，或「取消订单」。' },
            { term: '待收货', text: '查看物流详情；收到商品后「确认收货」。' },
            { term: '已付款的订单', text: '「申请开票」，开具后在发票详情中查看。' },
          ]}
        />
      </FrameSection>
    </AccountFrame>
  );
}

/** 物流详情 (/OrderDistribute?orderNo=): carrier, tracking number and shipping events of one order. */
export function OrderDistributeScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="物流详情" what="订单的物流信息" intro="从订单详情进入，查看该订单包裹的快递公司、运单号和物流轨迹。">
      <FrameSection title="物流详情包含">
        <FactList
          items={[
            '承运的快递公司和运单号。',
            '物流轨迹：包裹每次揽收、转运和派送的时间与状态，最新的在最上面。',
            AUTO_COMPLETE_RULE,
            '量子安全服务无需配送，激活码在订单详情中查看。',
          ]}
        />
      </FrameSection>
    </AccountFrame>
  );
}

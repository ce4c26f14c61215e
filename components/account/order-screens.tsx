import Link from 'next/link';
import { OrderDetail } from '@/components/order/order-detail';
import { OrderFeed } from '@/components/order/order-feed';
import { OrderLogistics } from '@/components/order/order-logistics';
import { OrderTable } from '@/components/order/order-table';
import { CardSection } from '@/components/ui/card-section';
import { FactList, TermList } from '@/components/ui/lists';
import { StatusTabs, tabsOf } from '@/components/ui/status-tabs';
import { AUTO_COMPLETE_RULE } from '@/content/shop-rules';
import { ORDER_STATUS_LABEL } from '@/lib/domain/order-status';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { screenHref } from '@/lib/domain/screens';
import { orderListSchema } from '@/lib/validation/order';
import { AccountFrame } from './account-frame';
import { OrderStatusGuide } from './order-status-guide';
import type { DeviceQueryScreenProps as QueryProps, QueryScreenProps } from './screen-props';

/**
 * The tabs of the order list: 全部 待付款 待发货 待收货 待评价 已完成 已取消 (`?status=` takes the API's
 * values; 待评价 is completed orders with a line still to review, docs/reviews.md#who-and-when).
 */
const ORDER_TABS = tabsOf(['pending_payment', 'paid', 'shipped', 'to_review', 'completed', 'cancelled'] as const, { ...ORDER_STATUS_LABEL, to_review: '待评价' });

/** 我的订单 (/Order on mobile: cards and 加载更多; /personalCenter/PersonalOrder on desktop: a paged table). */
export function OrderListScreen({ path, device, query }: QueryProps) {
  const q = orderListSchema.parse({
    status: queryValue(query, 'status'),
    page: queryValue(query, 'page'),
    pageSize: queryValue(query, 'pageSize'),
  });
  return (
    <AccountFrame
      path={path}
      heading="我的订单"
      what="您的订单"
      top={
        <StatusTabs label="订单状态" tabs={ORDER_TABS} active={q.status} href={(status) => withQuery(path, { status })} prefetch={false}>
          {/* 售后 is the after-sales list, as JD's 退换/售后 tab is: requests have states of their own (docs/routes.md). */}
          <Link href={screenHref('afterSales', device)} className="chip" prefetch={false}>
            售后
          </Link>
        </StatusTabs>
      }
      account={(u) =>
        device === 'desktop' ? (
          <OrderTable userId={u.id} basePath={path} status={q.status} page={q.page} pageSize={q.pageSize} />
        ) : (
          <OrderFeed userId={u.id} status={q.status} />
        )
      }
    >
      <CardSection title="订单状态说明">
        <OrderStatusGuide />
      </CardSection>
    </AccountFrame>
  );
}

/** 订单详情 (/OrderDetail on mobile, /OrderDetailPC on desktop), ?orderNo=. */
export function OrderDetailScreen({ path, device, query }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="订单详情"
      what="订单详情"
      guestIntro="查看一个订单的商品、金额、收货信息和进度。"
      account={() => <OrderDetail orderNo={queryValue(query, 'orderNo') ?? null} listPath={screenHref('orders', device)} device={device} />}
      guestGuide={
        <>
          <CardSection title="订单详情包含">
            <FactList
              items={[
                '订单编号、下单时间和订单状态；待付款订单显示支付截止时间。',
                '商品、规格、数量和单价。',
                '收货人、电话和收货地址。',
                '商品金额、运费、优惠和实付金额。',
                '已发货订单的快递公司和运单号。',
                '量子安全服务的激活码。',
              ]}
            />
          </CardSection>
          <CardSection title="可进行的操作">
            <TermList
              items={[
                { term: '待付款', text: '「去支付」完成付款，或「取消订单」。' },
                { term: '待收货', text: '「查看物流」；收到商品后「确认收货」。' },
                { term: '待发货', text: '「取消订单并退款」，订单金额立即原路退回。' },
                { term: '已完成、已取消', text: '「再次购买」把订单中的商品重新加入购物车（按当前价格和库存）；「删除订单」后订单不再显示。' },
                { term: '已付款的订单', text: '「申请开票」，开具后在发票详情中查看；「申请售后」申请退款、退货或换货。' },
              ]}
            />
          </CardSection>
        </>
      }
    />
  );
}

/** 物流详情 (/OrderDistribute?orderNo=): carrier, tracking number, the parcel's state and its timeline. */
export function OrderDistributeScreen({ path, query }: QueryScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading="物流详情"
      what="订单的物流信息"
      guestIntro="从订单详情进入，查看该订单包裹的快递公司、运单号和物流轨迹。"
      account={(u) => <OrderLogistics userId={u.id} orderNo={queryValue(query, 'orderNo') ?? null} listPath={screenHref('orders', 'mobile')} />}
    >
      <CardSection title="说明">
        <FactList items={['物流轨迹按时间倒序排列，最新的在最上面。', AUTO_COMPLETE_RULE, '量子安全服务无需配送，激活码在订单详情中查看。']} />
      </CardSection>
    </AccountFrame>
  );
}

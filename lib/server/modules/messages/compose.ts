/**
 * What each event says (docs/messages.md#events): the one place a message's title, body and link are
 * written. The params are the SMS template's as well (the gateway's template of the same kind says
 * the same in its own words), so they hold only what a shopper may read: numbers, names, amounts.
 */
import { MESSAGE_KIND_CATEGORY, type MessageCategory, type MessageKind } from '../../../domain/messages';
import { screenHref } from '../../../domain/screens';
import { withQuery } from '../../../web/query-string';

export type NoticeParams = {
  /** `service`: an order of services only (nothing shipped): codes issued ('true'), or a subscription renewed or upgraded. */
  order_paid: { orderNo: string; amount: string; service?: 'true' | 'renewed' | 'upgraded' };
  order_shipped: { orderNo: string; carrier: string; trackingNo: string };
  order_delivering: { orderNo: string; carrier: string; trackingNo: string };
  order_signed: { orderNo: string };
  order_auto_completed: { orderNo: string };
  after_sale_approved: { afterSaleNo: string };
  after_sale_rejected: { afterSaleNo: string; reason: string };
  after_sale_return_received: { afterSaleNo: string };
  after_sale_refunded: { afterSaleNo: string; amount: string };
  after_sale_exchange_shipped: { afterSaleNo: string; carrier: string; trackingNo: string };
  after_sale_exchange_delivering: { afterSaleNo: string; carrier: string; trackingNo: string };
  after_sale_exchange_signed: { afterSaleNo: string };
  // 上门取件 of a return (docs/after-sales.md#pickup)
  after_sale_pickup_assigned: { afterSaleNo: string; courier: string; phone: string; slot: string };
  after_sale_pickup_collected: { afterSaleNo: string; carrier: string; trackingNo: string };
  after_sale_pickup_failed: { afterSaleNo: string; reason: string };
  refund_settled: { orderNo: string; amount: string };
  /** 价保 (docs/rules.md#价保): a claim's difference given back. */
  price_protect_refunded: { orderNo: string; product: string; amount: string };
  invoice_issued: { orderNo: string; invoiceId: string };
  invoice_reversed: { orderNo: string; invoiceId: string };
  coupon_expiring: { coupon: string; expiresAt: string };
  stock_back: { product: string; productId: string };
  price_drop: { product: string; productId: string; price: string; savedPrice: string };
  /** `days`: 30, 7 or 1 days before the end; `price`: a year's renewal of every seat at today's price. */
  /** `autoRenew`: a signed 自动续费 will charge it (the amount comes in its own notice 5 days before). */
  subscription_due: { service: string; endsAt: string; days: string; price: string; subscriptionId: string; autoRenew?: 'true' };
  subscription_lapsed: { service: string; graceEndsAt: string; price: string; subscriptionId: string };
  /** 5 days (at least) before an automatic charge: the amount, the day, the provider, and how to stop it. */
  auto_renew_notice: { service: string; amount: string; chargeAt: string; channel: string; subscriptionId: string };
  /** An automatic charge failed: `retryAt` the next attempt, or '' when none is left (then `graceEndsAt` is the last day to renew by hand). */
  auto_renew_failed: { service: string; amount: string; reason: string; retryAt: string; graceEndsAt: string; subscriptionId: string };
};

type Text = { title: string; body: string };

/** What a paid order of services did, in its 订单支付成功 message. */
const PAID_SERVICE = {
  true: '激活码已发放，可在订单详情中查看。',
  renewed: '服务已续费，可在我的服务中查看新的到期日。',
  upgraded: '服务已升级，到期日不变，可在我的服务中查看。',
} as const;
type Composer<K extends MessageKind> = (p: NoticeParams[K]) => Text;

const TEXT: { [K in MessageKind]: Composer<K> } = {
  order_paid: (p) => ({ title: '订单支付成功', body: `您的订单 ${p.orderNo} 已支付成功，实付 ${p.amount}，${p.service ? PAID_SERVICE[p.service] : '我们将尽快为您发货。'}` }),
  order_shipped: (p) => ({ title: '订单已发货', body: `您的订单 ${p.orderNo} 已由${p.carrier}发出，运单号 ${p.trackingNo}，点击查看物流。` }),
  order_delivering: (p) => ({ title: '订单派送中', body: `您的订单 ${p.orderNo}（${p.carrier} ${p.trackingNo}）正在派送，请保持电话畅通。` }),
  order_signed: (p) => ({ title: '订单已签收', body: `您的订单 ${p.orderNo} 已签收，感谢您在量盾商城购物，欢迎评价。` }),
  order_auto_completed: (p) => ({ title: '订单已完成', body: `您的订单 ${p.orderNo} 已自动确认收货，交易完成。如有问题可申请售后。` }),
  after_sale_approved: (p) => ({ title: '售后申请已通过', body: `您的售后申请 ${p.afterSaleNo} 已审核通过，请按售后详情中的说明继续办理。` }),
  after_sale_rejected: (p) => ({ title: '售后申请未通过', body: `您的售后申请 ${p.afterSaleNo} 未通过审核，原因：${p.reason}` }),
  after_sale_return_received: (p) => ({ title: '退货已签收', body: `您的售后申请 ${p.afterSaleNo} 寄回的商品已收到，我们将尽快为您处理。` }),
  after_sale_refunded: (p) => ({ title: '退款成功', body: `您的售后申请 ${p.afterSaleNo} 已退款 ${p.amount}，将原路退回您的支付账户。` }),
  after_sale_exchange_shipped: (p) => ({ title: '换货已发出', body: `您的售后申请 ${p.afterSaleNo} 的换新商品已由${p.carrier}发出，运单号 ${p.trackingNo}，点击查看换新物流。` }),
  after_sale_exchange_delivering: (p) => ({ title: '换新商品派送中', body: `您的售后申请 ${p.afterSaleNo} 的换新商品（${p.carrier} ${p.trackingNo}）正在派送，请保持电话畅通。` }),
  after_sale_exchange_signed: (p) => ({ title: '换新商品已签收', body: `您的售后申请 ${p.afterSaleNo} 的换新商品已签收，请检查无误后确认收货。` }),
  // 上门取件 of a return (docs/after-sales.md#pickup)
  after_sale_pickup_assigned: (p) => ({ title: '快递员已接单', body: `您的售后申请 ${p.afterSaleNo} 的上门取件已由快递员 ${p.courier}（${p.phone}）接单，将在 ${p.slot} 上门，请备好商品。` }),
  after_sale_pickup_collected: (p) => ({ title: '快递员已取件', body: `您的售后申请 ${p.afterSaleNo} 的商品已由快递员取走（${p.carrier} ${p.trackingNo}），点击查看退货物流。` }),
  after_sale_pickup_failed: (p) => ({ title: '上门取件预约失败', body: `您的售后申请 ${p.afterSaleNo} 的上门取件未能完成（${p.reason}），请重新预约或自行寄回。` }),
  refund_settled: (p) => ({ title: '退款到账', body: `您的订单 ${p.orderNo} 的退款 ${p.amount} 已原路退回您的支付账户。` }),
  price_protect_refunded: (p) => ({ title: '价保成功', body: `您订单 ${p.orderNo} 中的 ${p.product} 降价了，价保差价 ${p.amount} 已原路退回您的支付账户。` }),
  invoice_issued: (p) => ({ title: '发票已开具', body: `您的订单 ${p.orderNo} 的发票已开具，可在发票详情中查看和下载。` }),
  invoice_reversed: (p) => ({ title: '发票已冲红', body: `您的订单 ${p.orderNo} 的发票已冲红作废，详情请查看发票详情。` }),
  coupon_expiring: (p) => ({ title: '优惠券即将过期', body: `您的优惠券「${p.coupon}」将于 ${p.expiresAt} 过期，请尽快使用。` }),
  stock_back: (p) => ({ title: '到货通知', body: `您订阅的 ${p.product} 已到货，库存有限，快去看看吧。` }),
  price_drop: (p) => ({ title: '收藏商品降价', body: `您收藏的 ${p.product} 降价了：现价 ${p.price}，收藏时 ${p.savedPrice}。` }),
  subscription_due: (p) => ({
    title: p.days === '1' ? '服务明天到期' : `服务 ${p.days} 天后到期`,
    body: p.autoRenew
      ? `您的${p.service}将于 ${p.endsAt} 到期，已开通自动续费，到期时自动续费一年，扣款前 5 天另行通知金额，可随时关闭。`
      : `您的${p.service}将于 ${p.endsAt} 到期，续费一年 ${p.price}，提前续费不损失剩余天数。点击一键续费。`,
  }),
  subscription_lapsed: (p) => ({
    title: '服务已到期',
    body: `您的${p.service}今天已到期，进入宽限期，${p.graceEndsAt} 前续费一年 ${p.price} 可延续原服务，逾期服务将停止。点击一键续费。`,
  }),
  auto_renew_notice: (p) => ({
    title: '自动续费扣款通知',
    body: `您的${p.service}已开通自动续费，将于 ${p.chargeAt} 通过${p.channel}扣款 ${p.amount} 续费一年。如不需要，请在此之前进入我的服务关闭自动续费。`,
  }),
  auto_renew_failed: (p) => ({
    title: '自动续费扣款失败',
    body: p.retryAt
      ? `您的${p.service}自动续费扣款 ${p.amount} 未成功（${p.reason}），将于 ${p.retryAt} 再次尝试。您也可以现在手动续费。`
      : `您的${p.service}自动续费扣款 ${p.amount} 未成功（${p.reason}），本期不再自动扣款。请在 ${p.graceEndsAt} 前手动续费，逾期服务将停止。`,
  }),
};

/** The page a message opens: the shop's own paths (the phone's; proxy.ts moves a desktop to its own, docs/routes.md). */
export function linkFor<K extends MessageKind>(kind: K, params: NoticeParams[K]): string {
  const p = params as Record<string, string>;
  switch (kind) {
    case 'after_sale_approved':
    case 'after_sale_rejected':
    case 'after_sale_return_received':
    case 'after_sale_refunded':
    case 'after_sale_exchange_shipped':
    case 'after_sale_exchange_delivering':
    case 'after_sale_exchange_signed':
    case 'after_sale_pickup_assigned':
    case 'after_sale_pickup_collected':
    case 'after_sale_pickup_failed':
      return screenHref('afterSaleDetail', 'mobile', { afterSaleNo: p.afterSaleNo });
    case 'invoice_issued':
    case 'invoice_reversed':
      return screenHref('invoiceDetail', 'mobile', { id: p.invoiceId });
    case 'coupon_expiring':
      return screenHref('coupons', 'mobile');
    // 「点击一键续费」: the subscription's page at its 续费 (one step: choose the years, 去支付).
    case 'subscription_due':
    case 'subscription_lapsed':
      return `${screenHref('serviceDetail', 'mobile', { id: p.subscriptionId })}#renew`;
    // The notice opens where 关闭自动续费 is; a failure, where the shopper renews by hand.
    case 'auto_renew_notice':
      return `${screenHref('serviceDetail', 'mobile', { id: p.subscriptionId })}#auto-renew`;
    case 'auto_renew_failed':
      return `${screenHref('serviceDetail', 'mobile', { id: p.subscriptionId })}#renew`;
    case 'stock_back':
    case 'price_drop':
      return `/proc/${p.productId}`;
    // 「点击查看物流」: the parcel's 物流详情 (one path on both devices), not the order.
    case 'order_shipped':
    case 'order_delivering':
      return withQuery('/OrderDistribute', { orderNo: p.orderNo });
    default:
      return screenHref('orderDetail', 'mobile', { orderNo: p.orderNo });
  }
}

export function compose(kind: MessageKind, params: Record<string, string>): Text & { category: MessageCategory } {
  const text = (TEXT[kind] as (p: Record<string, string>) => Text)(params);
  // The columns' lengths (lib/server/db/schema/messages.ts): a long reason or product name is cut, never refused.
  return { title: text.title.slice(0, 60), body: text.body.length > 500 ? `${text.body.slice(0, 499)}…` : text.body, category: MESSAGE_KIND_CATEGORY[kind] };
}

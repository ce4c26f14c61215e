/**
 * The shop's rules and promises as shoppers read them, written from the rules' constants (lib/domain/, lib/site.ts): change a
 * number there and the FAQ, the guides, the footer, the product page and the account screens that
 * state it all follow. Content that states a rule builds its sentence from these or from the
 * constants themselves, never from a number typed again.
 */
import { DISPATCH_HOURS, FREE_SHIPPING_FROM_FEN, SHIPPING_FEN } from '@/lib/domain/shipping';
import { REMARK_MAX, SHIPPED_AUTO_COMPLETE_DAYS, UNPAID_ORDER_TTL_MIN } from '@/lib/domain/order-rules';
import { RETURN_DAYS, RETURN_SHIPPING_CAP_FEN } from '@/lib/domain/after-sale-rules';
import { formatFen, formatFenShort } from '@/lib/domain/money';

/** "¥99": the order amount from which devices ship free, as running text says it. */
export const FREE_SHIPPING_FROM = formatFenShort(FREE_SHIPPING_FROM_FEN);
/** "¥10": the shipping fee below it. */
export const SHIPPING_FEE = formatFenShort(SHIPPING_FEN);

/**
 * Who pays a return's shipping (docs/after-sales.md#return-shipping), as the help pages say it; the
 * account screens say it with RETURN_SHIPPING_RULE (lib/domain/after-sale.ts).
 */
export const RETURN_SHIPPING_HELP = `七天无理由退货的寄回运费由您承担；商品质量问题、与描述不符、发错货或漏发、物流损坏等商家原因的退货和换货，寄回运费由我们承担：请先垫付（勿用到付），在售后单填写退货物流时一并填写运费（最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}），我们收货确认后作为运费补偿原路退还。`;

// The account screens' rule sentences (cart, checkout, pay, order list and logistics).
export const UNPAID_RULE = `订单提交后请在 ${UNPAID_ORDER_TTL_MIN} 分钟内完成支付，超时未支付的订单将自动取消，库存随之释放。`;
export const SHIPPING_RULE = `实物商品订单金额满 ${formatFen(FREE_SHIPPING_FROM_FEN)} 包邮，不满收取运费 ${formatFen(SHIPPING_FEN)}；量子安全服务在线开通，不收运费。`;
/** Counted from the carrier's 已签收, or from 发货 while none was reported (docs/states.md#timers). */
export const AUTO_COMPLETE_RULE = `快递签收 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后（未收到签收信息时为发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后），订单自动确认收货。`;
export const REMARK_RULE = `订单备注选填，不超过 ${REMARK_MAX} 字。`;

/** The stock line of a device in stock on its product page. */
export const IN_STOCK_NOTE = `现货，${DISPATCH_HOURS} 小时内顺丰发出`;

/** The four promises above every page's footer. */
export const FOOTER_PROMISES = [
  { title: '官方正品', text: '量盾科技直营，整机全国联保' },
  { title: `满 ${FREE_SHIPPING_FROM} 包邮`, text: '顺丰发货，偏远地区同样包邮' },
  { title: `${RETURN_DAYS} 天无理由`, text: `未激活设备签收后 ${RETURN_DAYS} 天可退` },
  { title: '电子发票', text: '普通发票与增值税专用发票' },
] as const;

/** The notes under a product's buy box, by the kind of product. */
export const PRODUCT_NOTES = {
  service: ['付款成功后，激活码显示在订单详情中，并同步发送短信', '自激活之日起计算有效期', '支持开具普通发票与增值税专用发票'],
  device: [`订单满 ${FREE_SHIPPING_FROM} 顺丰包邮，否则运费 ${SHIPPING_FEE}`, `未激活量子密钥的设备签收后 ${RETURN_DAYS} 天无理由退货`, '整机一年保修，全国联保'],
} as const;

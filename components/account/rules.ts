/** Shop rules as the account screens state them, built from lib/constants.ts. */
import { FREE_SHIPPING_FROM_FEN, REMARK_MAX, SHIPPED_AUTO_COMPLETE_DAYS, SHIPPING_FEN, UNPAID_ORDER_TTL_MIN } from '@/lib/constants';
import { formatFen } from '@/lib/money';

export const UNPAID_RULE = `订单提交后请在 ${UNPAID_ORDER_TTL_MIN} 分钟内完成支付，超时未支付的订单将自动取消，库存随之释放。`;

export const SHIPPING_RULE = `实物商品订单金额满 ${formatFen(FREE_SHIPPING_FROM_FEN)} 包邮，不满收取运费 ${formatFen(SHIPPING_FEN)}；量子安全服务在线开通，不收运费。`;

export const AUTO_COMPLETE_RULE = `商品发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后，订单自动确认收货。`;

export const REMARK_RULE = `订单备注选填，不超过 ${REMARK_MAX} 字。`;

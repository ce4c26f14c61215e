/**
 * The audit log of the operator console: one row per operator action (who, what, on which
 * entity, when, the state before and after), written in the same transaction as the change. The
 * console reads it through a view (lib/server/views/audit-log.ts), with names from other modules' tables.
 */
import 'server-only';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** What the console does, by name; the audit page shows the Chinese label. */
const AUDIT_ACTIONS = {
  'order.ship': '订单发货',
  'order.cancel': '取消订单',
  'order.refund': '订单退款',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回发票',
  'invoice.reversal': '发票红冲',
  'invoice.amount': '发票金额随退款调整',
  'aftersale.approve': '同意售后',
  'aftersale.reject': '拒绝售后',
  'aftersale.receive': '售后收货',
  'aftersale.reship': '换新发出',
  'aftersale.refund_retry': '重新发起售后退款',
  'aftersale.return_shipping': '运费补偿',
  'aftersale.return_shipping_retry': '重新发起运费补偿',
  'product.update': '修改商品',
  'sku.update': '修改规格价格库存',
  'user.operator': '设为运营人员',
  'coupon.create': '新建优惠券',
  'coupon.update': '修改优惠券',
  'coupon.stop': '优惠券停发',
  'coupon.codes': '生成优惠券兑换码',
  'review.hide': '隐藏评价',
  'review.show': '恢复显示评价',
  'review.reply': '回复评价',
  'support.take': '接入客服会话',
  'support.answer': '回复客服消息',
  'support.close': '结束客服会话',
  'outbox.resend': '重新发送通知',
  'subscription.adjust': '调整订阅服务期',
  'subscription.refund_charge': '退还自动续费',
  'synonym.add': '添加搜索同义词',
  'synonym.remove': '删除搜索同义词',
  // The shopper's own act (actor = the account itself), recorded with no personal data.
  'user.deregister': '注销账号',
} as const;

type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditEntry = {
  actorUserId: number | null;
  action: AuditAction;
  entity: 'order' | 'invoice' | 'product' | 'sku' | 'user' | 'after_sale' | 'coupon_template' | 'review' | 'outbox_event' | 'support_conversation' | 'subscription' | 'search_synonym';
  entityId: string | number;
  before: unknown;
  after: unknown;
};

/** Writes one audit row; pass the transaction of the change so both commit or neither does. */
export async function writeAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: e.actorUserId,
    action: e.action,
    entity: e.entity,
    entityId: String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
  });
}

/** The console's label of an action (an unknown one, e.g. of an older release, by its name). */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action as AuditAction] ?? action;
}

/**
 * The audit log of the operator console: one row per operator action (who, what, on which
 * entity, when, the state before and after), written in the same transaction as the change.
 */
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { auditQuerySchema } from '../../../validation/admin';
import { maskPhone } from '../../../validation/phone';
import { getDb, type DbOrTx } from '../../db/client';
import { countRows, paged, type Page } from '../../db/paged';
import { auditLog, users } from '../../db/schema';
import { iso } from '../../iso';
import { type AuditObject, auditObjects, changeLines } from './readable';

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
  // The shopper's own act (actor = the account itself), recorded with no personal data.
  'user.deregister': '注销账号',
} as const;

type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditEntry = {
  actorUserId: number | null;
  action: AuditAction;
  entity: 'order' | 'invoice' | 'product' | 'sku' | 'user' | 'after_sale' | 'coupon_template' | 'review' | 'outbox_event' | 'support_conversation' | 'subscription';
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

export type AuditRow = {
  id: number;
  at: string;
  actor: string;
  action: string;
  actionLabel: string;
  entity: string;
  entityId: string;
  /** The object by its name, with its console page (商品「量子耳机」 → /admin/products/10916). */
  object: AuditObject;
  before: unknown;
  after: unknown;
  /** before and after in words: 「状态：已发货」 lines. */
  beforeLines: string[];
  afterLines: string[];
};

/** The log, newest first, optionally for one entity (entity + entityId). */
export async function listAudit(query: unknown): Promise<Page<AuditRow>> {
  const q = auditQuerySchema.parse(query);
  const db = await getDb();
  const conds = [];
  if (q.entity) conds.push(eq(auditLog.entity, q.entity));
  if (q.entityId) conds.push(eq(auditLog.entityId, q.entityId));
  const where = conds.length ? and(...conds) : undefined;
  const count = db.select({ total: countRows }).from(auditLog).where(where);
  const rows = db
    .select({ a: auditLog, phone: users.phone, nickname: users.nickname })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .$dynamic();
  return paged(q, count, rows, async (page) => {
    const objects = await auditObjects(db, page.map(({ a }) => a));
    return page.map(({ a, phone, nickname }, i) => ({
      id: a.id,
      at: iso(a.createdAt),
      actor: phone ? `${nickname ? `${nickname} ` : ''}${maskPhone(phone)}` : '系统（命令行）',
      action: a.action,
      actionLabel: AUDIT_ACTIONS[a.action as AuditAction] ?? a.action,
      entity: a.entity,
      entityId: a.entityId,
      object: objects[i],
      before: a.before,
      after: a.after,
      beforeLines: changeLines(a.entity, a.before),
      afterLines: changeLines(a.entity, a.after),
    }));
  });
}

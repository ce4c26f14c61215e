/**
 * The console's 操作记录: the audit log, newest first, each row's actor, action and object named in words.
 *
 * The operator audit log as the console reads it (docs/decisions/operator-console.md): newest first,
 * optionally of one object; each row with its actor's name, the action's label, its object by name with
 * a link into the console (订单 2026…, 商品「量子耳机」, 规格「量子耳机 · 黑色」…) and its before and
 * after in words (audit-words.ts). A view: the audit module's rows with the accounts' names and the
 * names of the objects in their owners' tables. The audit module writes the rows.
 */
import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { auditQuerySchema } from '../../validation/admin';
import { maskPhone } from '../../validation/phone';
import { getDb, type DbOrTx } from '../db/client';
import { countRows, paged, type Page } from '../db/paged';
import { auditLog, couponTemplates, invoices, orders, products, reviews, skus, users } from '../db/schema';
import { iso } from '../iso';
import { auditActionLabel } from '../modules/audit';
import { changeLines } from './audit-words';

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
      actionLabel: auditActionLabel(a.action),
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

type AuditObject = { label: string; href: string | null };

const ids = (rows: { entity: string; entityId: string }[], entity: string) =>
  [...new Set(rows.filter((r) => r.entity === entity).map((r) => Number(r.entityId)).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647))];

/** Each row's object by its name, with its page in the console; the names read in one query per kind. */
async function auditObjects(db: DbOrTx, rows: { entity: string; entityId: string }[]): Promise<AuditObject[]> {
  const [prods, skuRows, invs, tmpls, revs, people] = await Promise.all([
    ids(rows, 'product').length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids(rows, 'product'))) : [],
    ids(rows, 'sku').length
      ? db.select({ id: skus.id, name: skus.name, productId: skus.productId, productName: products.name }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(inArray(skus.id, ids(rows, 'sku')))
      : [],
    ids(rows, 'invoice').length
      ? db.select({ id: invoices.id, title: invoices.title, orderNo: orders.orderNo }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(inArray(invoices.id, ids(rows, 'invoice')))
      : [],
    ids(rows, 'coupon_template').length ? db.select({ id: couponTemplates.id, name: couponTemplates.name }).from(couponTemplates).where(inArray(couponTemplates.id, ids(rows, 'coupon_template'))) : [],
    ids(rows, 'review').length ? db.select({ id: reviews.id, productName: products.name }).from(reviews).leftJoin(products, eq(products.id, reviews.productId)).where(inArray(reviews.id, ids(rows, 'review'))) : [],
    ids(rows, 'user').length ? db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, ids(rows, 'user'))) : [],
  ]);
  const by = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const [p, s, i, t, r, u] = [by(prods), by(skuRows), by(invs), by(tmpls), by(revs), by(people)];
  return rows.map(({ entity, entityId }) => {
    const n = Number(entityId);
    switch (entity) {
      case 'order':
        return { label: `订单 ${entityId}`, href: `/admin/orders/${entityId}` };
      case 'after_sale':
        return { label: `售后单 ${entityId}`, href: `/admin/aftersales/${entityId}` };
      case 'product':
        return { label: p.get(n) ? `商品「${p.get(n)!.name}」` : `商品 #${entityId}`, href: `/admin/products/${entityId}` };
      case 'sku': {
        const k = s.get(n);
        return k ? { label: `规格「${k.productName} · ${k.name}」`, href: `/admin/products/${k.productId}` } : { label: `规格 #${entityId}`, href: null };
      }
      case 'invoice': {
        const v = i.get(n);
        return v ? { label: `发票「${v.title}」（订单 ${v.orderNo}）`, href: `/admin/orders/${v.orderNo}#o-facts` } : { label: `发票 #${entityId}`, href: null };
      }
      case 'coupon_template':
        return { label: t.get(n) ? `优惠券「${t.get(n)!.name}」` : `优惠券 #${entityId}`, href: `/admin/coupons/${entityId}` };
      case 'review':
        return { label: r.get(n)?.productName ? `评价 #${entityId}（${r.get(n)!.productName}）` : `评价 #${entityId}`, href: `/admin/reviews/${entityId}` };
      case 'user':
        return { label: u.get(n) ? `用户 ${maskPhone(u.get(n)!.phone)}` : '已注销用户', href: null };
      case 'outbox_event':
        return { label: `通知 #${entityId}`, href: '/admin/outbox' };
      case 'support_conversation':
        return { label: `客服会话 #${entityId}`, href: `/admin/support?view=closed&id=${entityId}` };
      case 'subscription':
        return { label: `订阅 #${entityId}`, href: `/admin/subscriptions/${entityId}` };
      case 'search_synonym':
        return { label: `同义词「${entityId}」`, href: '/admin/search' };
      default:
        return { label: `${entity} ${entityId}`, href: null };
    }
  });
}

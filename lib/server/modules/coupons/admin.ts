/**
 * Coupon templates in the operator console (docs/coupons.md#console): create, edit, 停发, and
 * batches of single-use codes handed out once as CSV. What a coupon is worth and where it applies is
 * fixed once any was issued (a shopper's coupon keeps the rule it was given with); the name, the
 * total (never below what was issued) and the per-shopper limit may change at any time.
 */
import 'server-only';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { COUPON_BATCH_CODE_LENGTH, COUPON_CODE_ALPHABET } from '../../../domain/coupon-rules';
import { TEMPLATE_STATUS_LABEL, templateStatus, type TemplateStatus } from '../../../domain/coupon';
import { codeBatchSchema, couponTemplateSchema, type CouponTemplateInput } from '../../../validation/coupon';
import { sha256 } from '../../crypto';
import { toCsv } from '../../csv';
import { isUniqueViolation } from '../../db/unique';
import { getDb, withTx, type DbOrTx } from '../../db/client';
import { couponCodes, coupons, couponTemplates } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { iso } from '../../iso';
import { writeAudit } from '../audit';
import { allNames, countExisting } from '../catalog';
import { scopeTexts, wordsOf, type CouponWords, type TemplateRow } from './view';

export type AdminCouponTemplate = CouponWords & {
  id: number;
  amountFen: number | null;
  thresholdFen: number;
  percent: number | null;
  capFen: number | null;
  scope: { type: TemplateRow['scopeType']; ids: number[] };
  validity: { type: 'fixed'; startAt: string; endAt: string } | { type: 'days'; days: number };
  total: number | null;
  perUserLimit: number;
  issue: TemplateRow['issue'];
  code: string | null;
  issued: number;
  used: number;
  /** 发放中 / 已领完 / 已停发: the one rule of lib/domain/coupon.ts, the same the coupon centre shows. */
  status: TemplateStatus;
  statusLabel: string;
  createdAt: string;
};

function columnsOf(v: CouponTemplateInput) {
  return {
    name: v.name,
    kind: v.kind,
    amountFen: v.amountFen,
    thresholdFen: v.thresholdFen,
    percent: v.percent,
    capFen: v.capFen,
    scopeType: v.scope.type,
    scopeIds: v.scope.ids,
    validityType: v.validity.type,
    startsAt: v.validity.type === 'fixed' ? v.validity.startAt : null,
    endsAt: v.validity.type === 'fixed' ? v.validity.endAt : null,
    validDays: v.validity.type === 'days' ? v.validity.days : null,
    total: v.total,
    perUserLimit: v.perUserLimit,
    issue: v.issue,
    code: v.code,
  };
}

/** The scope's ids must name categories or products that exist. */
async function checkScope(db: DbOrTx, v: CouponTemplateInput): Promise<void> {
  if (v.scope.type === 'all') return;
  const n = await countExisting(db, v.scope.type, v.scope.ids);
  if (n !== v.scope.ids.length) throw badRequest(v.scope.type === 'categories' ? '适用分类不存在' : '适用商品不存在');
}

function statusOf(t: TemplateRow): { status: TemplateStatus; statusLabel: string } {
  const status = templateStatus({ stopped: Boolean(t.stoppedAt), total: t.total, issued: t.issued });
  return { status, statusLabel: TEMPLATE_STATUS_LABEL[status] };
}

async function view(db: DbOrTx, rows: TemplateRow[]): Promise<AdminCouponTemplate[]> {
  if (rows.length === 0) return [];
  const [scopes, used] = await Promise.all([
    scopeTexts(db, rows),
    db
      .select({ templateId: coupons.templateId, n: count() })
      .from(coupons)
      .where(and(inArray(coupons.templateId, rows.map((r) => r.id)), eq(coupons.status, 'used')))
      .groupBy(coupons.templateId),
  ]);
  return rows.map((t) => ({
    id: t.id,
    ...wordsOf(t, scopes.get(t.id)!),
    amountFen: t.amountFen,
    thresholdFen: t.thresholdFen,
    percent: t.percent,
    capFen: t.capFen,
    scope: { type: t.scopeType, ids: t.scopeIds },
    validity: t.validityType === 'days' ? { type: 'days', days: t.validDays! } : { type: 'fixed', startAt: iso(t.startsAt!), endAt: iso(t.endsAt!) },
    total: t.total,
    perUserLimit: t.perUserLimit,
    issue: t.issue,
    code: t.code,
    issued: t.issued,
    used: used.find((u) => u.templateId === t.id)?.n ?? 0,
    ...statusOf(t),
    createdAt: iso(t.createdAt),
  }));
}

/** What the form's 适用范围 offers: every category and every product (on sale or not). */
export async function couponScopeOptions(): Promise<{ categories: { id: number; name: string }[]; products: { id: number; name: string }[] }> {
  const db = await getDb();
  const [cats, prods] = await Promise.all([
    allNames(db, 'categories'),
    allNames(db, 'products'),
  ]);
  return { categories: cats, products: prods };
}

export async function listCouponTemplates(): Promise<AdminCouponTemplate[]> {
  const db = await getDb();
  return view(db, await db.select().from(couponTemplates).orderBy(desc(couponTemplates.id)));
}

export async function getCouponTemplate(id: number): Promise<AdminCouponTemplate> {
  const db = await getDb();
  const rows = await db.select().from(couponTemplates).where(eq(couponTemplates.id, id));
  if (!rows.length) throw notFound('优惠券不存在');
  return (await view(db, rows))[0];
}

export async function createCouponTemplate(operatorId: number, input: unknown): Promise<AdminCouponTemplate> {
  const v = couponTemplateSchema.parse(input);
  const id = await withTx(async (tx) => {
    await checkScope(tx, v);
    try {
      const [t] = await tx.insert(couponTemplates).values(columnsOf(v)).returning({ id: couponTemplates.id });
      await writeAudit(tx, { actorUserId: operatorId, action: 'coupon.create', entity: 'coupon_template', entityId: t.id, before: null, after: { ...v } });
      return t.id;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('该优惠码已被其他券使用');
      throw e;
    }
  });
  return getCouponTemplate(id);
}

/** The fields of a template that decide what an issued coupon is worth and where it applies. */
const RULE_FIELDS = ['kind', 'amountFen', 'thresholdFen', 'percent', 'capFen', 'scopeType', 'scopeIds', 'validityType', 'startsAt', 'endsAt', 'validDays', 'issue', 'code'] as const;

export async function updateCouponTemplate(operatorId: number, id: number, input: unknown): Promise<AdminCouponTemplate> {
  const v = couponTemplateSchema.parse(input);
  await withTx(async (tx) => {
    const [before] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, id)).for('update');
    if (!before) throw notFound('优惠券不存在');
    await checkScope(tx, v);
    const next = columnsOf(v);
    if (before.issued > 0) {
      const same = (k: (typeof RULE_FIELDS)[number]) => JSON.stringify(before[k] instanceof Date ? iso(before[k] as Date) : before[k]) === JSON.stringify(next[k] instanceof Date ? iso(next[k] as Date) : next[k]);
      const changed = RULE_FIELDS.filter((k) => !same(k));
      if (changed.length) throw conflict('已发放的券不能修改面额、门槛、适用范围、有效期和发放方式，可停发后新建');
    }
    if (next.total !== null && next.total < before.issued) throw conflict(`发放总量不能少于已发放的 ${before.issued} 张`);
    try {
      await tx.update(couponTemplates).set({ ...next, updatedAt: new Date() }).where(eq(couponTemplates.id, id));
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('该优惠码已被其他券使用');
      throw e;
    }
    await writeAudit(tx, { actorUserId: operatorId, action: 'coupon.update', entity: 'coupon_template', entityId: id, before: { ...before }, after: { ...v } });
  });
  return getCouponTemplate(id);
}

/** 停发: once, guarded; the coupons already issued stay valid. */
export async function stopCouponTemplate(operatorId: number, id: number): Promise<AdminCouponTemplate> {
  await withTx(async (tx) => {
    const [t] = await tx.update(couponTemplates).set({ stoppedAt: new Date() }).where(and(eq(couponTemplates.id, id), isNull(couponTemplates.stoppedAt))).returning({ id: couponTemplates.id });
    if (!t) {
      const [exists] = await tx.select({ id: couponTemplates.id }).from(couponTemplates).where(eq(couponTemplates.id, id));
      throw exists ? conflict('该券已停发') : notFound('优惠券不存在');
    }
    await writeAudit(tx, { actorUserId: operatorId, action: 'coupon.stop', entity: 'coupon_template', entityId: id, before: null, after: { stopped: true } });
  });
  return getCouponTemplate(id);
}

function batchCode(): string {
  return Array.from({ length: COUPON_BATCH_CODE_LENGTH }, () => COUPON_CODE_ALPHABET[randomInt(0, COUPON_CODE_ALPHABET.length)]).join('');
}

/**
 * A batch of single-use codes for a code template: stored as hashes only, so this CSV is the one
 * place the codes ever appear. A code drawn twice (1 in 31^12) is drawn again.
 */
export async function makeCouponCodes(operatorId: number, id: number, input: unknown): Promise<{ csv: string; count: number; template: AdminCouponTemplate }> {
  const { count: n } = codeBatchSchema.parse(input);
  const template = await getCouponTemplate(id);
  if (template.issue !== 'code') throw conflict('只有「优惠码发放」的券可以生成兑换码');
  if (template.status === 'stopped') throw conflict('该券已停发');
  const codes = new Set<string>();
  await withTx(async (tx) => {
    while (codes.size < n) {
      const fresh = Array.from({ length: n - codes.size }, batchCode).filter((c) => !codes.has(c));
      for (let i = 0; i < fresh.length; i += 1000) {
        const part = fresh.slice(i, i + 1000);
        const made = await tx
          .insert(couponCodes)
          .values(part.map((c) => ({ templateId: id, codeHash: sha256(c) })))
          .onConflictDoNothing()
          .returning({ codeHash: couponCodes.codeHash });
        const kept = new Set(made.map((m) => m.codeHash));
        for (const c of part) if (kept.has(sha256(c))) codes.add(c);
      }
    }
    await writeAudit(tx, { actorUserId: operatorId, action: 'coupon.codes', entity: 'coupon_template', entityId: id, before: null, after: { count: n } });
  });
  const csv = toCsv(['兑换码', '券名称', '面额', '使用条件'], [...codes].map((c) => [c, template.name, template.face, template.condition]));
  return { csv, count: n, template };
}

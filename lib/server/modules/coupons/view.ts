/**
 * Coupons as the API answers them: the rule's words (face, condition, scope), the window, and the
 * state a shopper sees (未使用 / 已使用 / 已过期), read from the row and the clock.
 */
import 'server-only';
import { couponCondition, couponFace, COUPON_KIND_LABEL, type CouponKind } from '../../../domain/coupon';
import type { DbOrTx } from '../../db/client';
import type { couponTemplates } from '../../db/schema';
import { namesOf } from '../catalog';

export type TemplateRow = typeof couponTemplates.$inferSelect;

/** 全场通用 / 限「量子加密耳机」/ 限指定商品: what a coupon applies to, in the shop's words. */
export async function scopeTexts(db: DbOrTx, rows: TemplateRow[]): Promise<Map<number, string>> {
  const catIds = [...new Set(rows.filter((t) => t.scopeType === 'categories').flatMap((t) => t.scopeIds))];
  const prodIds = [...new Set(rows.filter((t) => t.scopeType === 'products').flatMap((t) => t.scopeIds))];
  const [cats, prods] = await Promise.all([
    catIds.length ? namesOf(db, 'categories', catIds) : [],
    prodIds.length ? namesOf(db, 'products', prodIds) : [],
  ]);
  const names = (ids: number[], from: { id: number; name: string }[]) => from.filter((r) => ids.includes(r.id)).map((r) => `「${r.name}」`);
  return new Map(
    rows.map((t) => {
      if (t.scopeType === 'all') return [t.id, '全场通用'];
      const list = t.scopeType === 'categories' ? names(t.scopeIds, cats) : names(t.scopeIds, prods);
      return [t.id, list.length && list.length <= 3 ? `限${list.join('')}可用` : t.scopeType === 'categories' ? '限指定分类可用' : '限指定商品可用'];
    }),
  );
}

/** The words every view of a coupon or template carries. */
export type CouponWords = { name: string; kind: CouponKind; kindLabel: string; face: string; condition: string; scopeText: string };

export function wordsOf(t: TemplateRow, scopeText: string): CouponWords {
  return { name: t.name, kind: t.kind, kindLabel: COUPON_KIND_LABEL[t.kind], face: couponFace(t), condition: couponCondition(t), scopeText };
}

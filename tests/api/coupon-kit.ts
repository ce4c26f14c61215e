/**
 * Shared by the coupon API tests: templates put straight in the table (what the console accepts is
 * coupons.test.ts), a shopper's 领取, and the checkout's preview and order with a coupon.
 */
import { POST as ordersPost } from '@/app/api/v1/orders/route';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { POST as claimPost } from '@/app/api/v1/coupons/[id]/claim/route';
import { getDb } from '@/lib/server/db/client';
import { couponTemplates } from '@/lib/server/db/schema';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import type { Order } from '@/lib/server/views/orders-detail';
import type { Preview } from '@/lib/server/flows/checkout';
import { call, ctx, idemKey, ok, req, type Buyer, type Shopper, type SkuFixture } from './session';

export type TemplateFields = Partial<typeof couponTemplates.$inferInsert>;

/** A template in the table: unless `over` says otherwise a claimable ¥5 无门槛券, 7 days from claiming, 5 a shopper. */
export async function insertTemplate(over: TemplateFields): Promise<number> {
  const [t] = await (await getDb())
    .insert(couponTemplates)
    .values({ name: '测试券', kind: 'no_threshold', amountFen: 500, validityType: 'days', validDays: 7, perUserLimit: 5, issue: 'claim', ...over })
    .returning({ id: couponTemplates.id });
  return t.id;
}

export const claim = (u: Shopper, templateId: number) => call<MyCoupon>(claimPost, req('POST', `/coupons/${templateId}/claim`, {}, { token: u.token }), ctx({ id: templateId }));

/** One coupon of the template, claimed through the coupon centre's 领取: its id. */
export async function claimOk(u: Shopper, templateId: number): Promise<number> {
  return (await ok<MyCoupon>(claimPost, req('POST', `/coupons/${templateId}/claim`, {}, { token: u.token }), ctx({ id: templateId }))).id;
}

/** A new template, and one coupon of it claimed by the shopper: the coupon's id. */
export const give = async (u: Shopper, over: TemplateFields) => claimOk(u, await insertTemplate(over));

export const items = (...lines: [SkuFixture, number][]) => lines.map(([s, quantity]) => ({ skuId: s.skuId, quantity }));
export const preview = (b: Buyer, body: Record<string, unknown>) => call<Preview>(previewPost, req('POST', '/orders/preview', { addressId: b.addressId, ...body }, { token: b.token }));
export const order = (b: Buyer, body: Record<string, unknown>) => call<Order>(ordersPost, req('POST', '/orders', { addressId: b.addressId, idempotencyKey: idemKey(), ...body }, { token: b.token }));

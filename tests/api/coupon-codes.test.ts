/**
 * Coupon codes typed by a shopper, on PGlite and PostgreSQL (docs/coupons.md#codes): a code typed at
 * checkout is redeemed and applied by the preview as by the order, and guessing codes stops at
 * COUPON_CODE_TRIES_PER_HOUR tries an hour, however many guesses arrive at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as previewPost } from '@/app/api/v1/orders/preview/route';
import { POST as redeemPost } from '@/app/api/v1/coupons/redeem/route';
import { GET as mineGet } from '@/app/api/v1/user/coupons/route';
import { COUPON_CODE_TRIES_PER_HOUR } from '@/lib/server/limits';
import { getDb } from '@/lib/server/db/client';
import { couponCodeTries } from '@/lib/server/db/schema';
import type { MyCoupon } from '@/lib/server/modules/coupons';
import type { Preview } from '@/lib/server/flows/checkout';
import { insertTemplate } from './coupon-kit';
import { addAddress, call, fails, loginNew, makeSku, ok, req, type Shopper } from './session';

const TOO_MANY = '优惠码输入错误次数过多，请 1 小时后再试';

/** A template given by a public code: ¥15 off, one a shopper. */
const codeTemplate = (code: string) => insertTemplate({ name: '口令券', amountFen: 1500, perUserLimit: 1, issue: 'code', code });

const uniqueCode = () => `T${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
const redeem = (u: Shopper, code: string) => call<MyCoupon>(redeemPost, req('POST', '/coupons/redeem', { code }, { token: u.token }));

describe('a code typed at checkout', () => {
  it('the preview redeems it into 我的优惠券 and applies it; the shopper then has it like any other', async () => {
    const u = await loginNew();
    const { id: addressId } = await addAddress(u.token);
    const sku = await makeSku({ priceFen: 19_900 });
    const code = uniqueCode();
    await codeTemplate(code);

    const p = await ok<Preview>(previewPost, req('POST', '/orders/preview', { addressId, items: [{ skuId: sku.skuId, quantity: 1 }], couponCode: code.toLowerCase() }, { token: u.token }));
    expect(p.discountFen).toBe(1500);
    expect(p.coupon?.name).toBe('口令券');
    expect(p.totalFen).toBe(19_900 + p.shippingFen - 1500);
    const held = await ok<MyCoupon[]>(mineGet, req('GET', '/user/coupons?status=unused', undefined, { token: u.token }));
    expect(held.map((c) => c.id)).toEqual([p.coupon!.id]);

    // Typed again, it is refused as on 兑换 (one per shopper); the coupon itself is still usable by id.
    expect(await fails(409, previewPost, req('POST', '/orders/preview', { addressId, items: [{ skuId: sku.skuId, quantity: 1 }], couponCode: code }, { token: u.token }))).toBe('您已领取过这张券');
    const again = await ok<Preview>(previewPost, req('POST', '/orders/preview', { addressId, items: [{ skuId: sku.skuId, quantity: 1 }], couponId: p.coupon!.id }, { token: u.token }));
    expect(again.discountFen).toBe(1500);
  });
});

describe('guessing codes', () => {
  it(`${COUPON_CODE_TRIES_PER_HOUR} wrong or used codes an hour, then 429; a redeemed code does not count; another shopper is not affected`, async () => {
    const u = await loginNew();
    const good = uniqueCode();
    await codeTemplate(good);
    for (let i = 0; i < COUPON_CODE_TRIES_PER_HOUR - 1; i++) expect(await fails(400, redeemPost, req('POST', '/coupons/redeem', { code: `WRONG${i}` }, { token: u.token }))).toBe('优惠码不正确');
    // The tenth try redeems: it gives its try back, so one wrong guess is still left.
    expect((await redeem(u, good)).res.status).toBe(200);
    expect(await fails(400, redeemPost, req('POST', '/coupons/redeem', { code: 'WRONGLAST' }, { token: u.token }))).toBe('优惠码不正确');
    expect(await fails(429, redeemPost, req('POST', '/coupons/redeem', { code: 'WRONGMORE' }, { token: u.token }))).toBe(TOO_MANY);
    // Even a good code waits for the hour now.
    const other = uniqueCode();
    await codeTemplate(other);
    expect(await fails(429, redeemPost, req('POST', '/coupons/redeem', { code: other }, { token: u.token }))).toBe(TOO_MANY);

    const v = await loginNew();
    expect((await redeem(v, other)).res.status).toBe(200);

    // An hour later the tries are the shopper's again (and the old rows are gone).
    const db = await getDb();
    await db.update(couponCodeTries).set({ triedAt: new Date(Date.now() - 3_601_000) }).where(eq(couponCodeTries.userId, u.userId));
    expect((await redeem(u, other)).res.status).toBe(200);
    expect(await db.select().from(couponCodeTries).where(eq(couponCodeTries.userId, u.userId))).toEqual([]);
  });

  it.skipIf(process.env.TEST_DB === 'pglite')('60 guesses at once: exactly the limit are looked up, the rest are 429 (PostgreSQL)', async () => {
    const u = await loginNew();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => redeem(u, `BURST${i}`)));
    const statuses = answers.map((a) => a.res.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(COUPON_CODE_TRIES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - COUPON_CODE_TRIES_PER_HOUR);
    const rows = await (await getDb()).select().from(couponCodeTries).where(eq(couponCodeTries.userId, u.userId));
    expect(rows).toHaveLength(COUPON_CODE_TRIES_PER_HOUR);
  });
});

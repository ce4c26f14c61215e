/** 价保's rule (lib/domain/price-protect.ts): the lowest price since payment, the amount to the fen, every refusal. */
import { describe, expect, it } from 'vitest';
import { judgeClaim, lowestSince, priceProtectPromise, type ClaimFacts, type PricePoint } from '@/lib/domain/price-protect';

const DAY = 86_400_000;
const paidAt = new Date('2026-03-01T02:00:00Z');
const at = (days: number) => new Date(paidAt.getTime() + days * DAY);
const point = (id: number, priceFen: number, days: number): PricePoint => ({ id, priceFen, from: at(days) });

const facts = (over: Partial<ClaimFacts> = {}): ClaimFacts => ({
  orderStatus: 'completed',
  paidAt,
  kind: 'device',
  days: 15,
  quantity: 2,
  paidFen: 259_800,
  countedRefundQty: 0,
  afterSaleOpen: false,
  claimedFen: 0,
  history: [point(1, 129_900, -30), point(2, 119_900, 7)],
  ...over,
});

describe('lowestSince', () => {
  it('counts the price in force at payment and every later one up to `until`, the first of equal lows', () => {
    const h = [point(1, 129_900, -30), point(2, 119_900, 3), point(3, 129_900, 4), point(4, 119_900, 5), point(5, 99_900, 20)];
    expect(lowestSince(h, paidAt, at(10))).toEqual(h[1]);
    expect(lowestSince(h, paidAt, at(2))).toEqual(h[0]);
    expect(lowestSince(h, paidAt, at(25))).toEqual(h[4]);
    // A price that ended before payment is not one the shopper could have paid.
    expect(lowestSince([point(1, 50_000, -10), point(2, 129_900, -1)], paidAt, at(5))).toEqual(point(2, 129_900, -1));
    expect(lowestSince([], paidAt, at(5))).toBeNull();
  });
});

describe('judgeClaim', () => {
  it('(paid per unit − low) × units, less what earlier claims gave back', () => {
    expect(judgeClaim(facts(), at(8))).toMatchObject({ ok: true, amountFen: 20_000, paidUnitFen: 129_900, quantity: 2, low: { id: 2 } });
    expect(judgeClaim(facts({ claimedFen: 20_000 }), at(8))).toMatchObject({ ok: false, code: 'claimed' });
    expect(judgeClaim(facts({ claimedFen: 20_000, history: [...facts().history, point(3, 109_900, 9)] }), at(10))).toMatchObject({ ok: true, amountFen: 20_000 });
  });

  it("a coupon line is measured by its paid share, split to the fen as a refund splits it", () => {
    // Three units paid ¥171.82 in all after the coupon: the units' sum, not a rounded unit × 3.
    expect(judgeClaim(facts({ quantity: 3, paidFen: 17_182, history: [point(1, 5_500, 1)] }), at(2))).toMatchObject({ ok: true, amountFen: 682, paidUnitFen: 5_727 });
    expect(judgeClaim(facts({ quantity: 1, paidFen: 3_818, history: [point(1, 3_818, 1)] }), at(2))).toMatchObject({ ok: false, code: 'no_drop' });
  });

  it('refuses with the reason a shopper reads', () => {
    const why = (over: Partial<ClaimFacts>, now = at(8)) => {
      const j = judgeClaim(facts(over), now);
      return j.ok ? null : j.reason;
    };
    expect(why({ orderStatus: 'pending_payment', paidAt: null })).toBe('订单付款后才能申请价保');
    expect(why({ orderStatus: 'refunded' })).toBe('订单已取消或已退款，不能申请价保');
    expect(why({ orderStatus: 'refunding' })).toBe('订单已取消或已退款，不能申请价保');
    expect(why({ days: 0 })).toBe('该商品不支持价保');
    expect(why({ kind: 'service' })).toBe('该商品不支持价保');
    expect(why({}, at(15))).toBeNull();
    expect(why({}, new Date(at(15).getTime() + 1))).toBe('已超过价保期限（付款后 15 天）');
    expect(why({ afterSaleOpen: true })).toBe('该商品正在售后中，不能申请价保');
    expect(why({ countedRefundQty: 1 })).toBe('该商品已申请退款，不能申请价保');
    expect(why({ history: [point(1, 129_900, -1)] })).toBe('商品价格未低于您的实付单价，暂无差价可退');
  });

  it("a price from after the claim's moment is not counted", () => {
    const h = [point(1, 129_900, -1), point(2, 99_900, 16)];
    expect(judgeClaim(facts({ history: h, days: 15 }), at(14))).toMatchObject({ ok: false, code: 'no_drop' });
  });
});

describe('priceProtectPromise', () => {
  it('states the window, nothing without one or for a service', () => {
    expect(priceProtectPromise('device', 15)).toBe('支持 15 天价保');
    expect(priceProtectPromise('device', 0)).toBeNull();
    expect(priceProtectPromise('service', 15)).toBeNull();
  });
});

/** The after-sales money rule (lib/server/modules/after-sales/pricing.ts): parts of a line add up to what was paid for it, shipping once. */
import { describe, expect, it } from 'vitest';
import { lineShare, priceRequest, type LineState } from '@/lib/server/modules/after-sales';

const line = (over: Partial<LineState> = {}): LineState => ({ id: 1, quantity: 3, paidFen: 1000, countedQty: 0, countedRefundQty: 0, countedRefundFen: 0, ...over });

describe('lineShare', () => {
  it('rounds down, and the last unit takes the remainder', () => {
    const first = lineShare(line(), 1);
    const second = lineShare(line({ countedQty: 1, countedRefundQty: 1, countedRefundFen: first }), 1);
    const third = lineShare(line({ countedQty: 2, countedRefundQty: 2, countedRefundFen: first + second }), 1);
    expect([first, second, third]).toEqual([333, 333, 334]);
    expect(first + second + third).toBe(1000);
  });

  it('all units at once is the whole line', () => {
    expect(lineShare(line(), 3)).toBe(1000);
    expect(lineShare(line({ quantity: 7, paidFen: 1 }), 6)).toBe(0);
    expect(lineShare(line({ quantity: 7, paidFen: 1 }), 7)).toBe(1);
  });

  it('for every split of a line the parts add up exactly', () => {
    for (const [n, paid] of [[2, 1], [3, 100], [7, 99_999], [99, 12_345_678]]) {
      let done = 0;
      let fen = 0;
      while (done < n) {
        const q = Math.min(n - done, 1 + ((done * 7) % 3));
        fen += lineShare(line({ quantity: n, paidFen: paid, countedQty: done, countedRefundQty: done, countedRefundFen: fen }), q);
        done += q;
      }
      expect(fen).toBe(paid);
    }
  });
});

describe('priceRequest', () => {
  const two = [line({ id: 1, quantity: 2, paidFen: 5000 }), line({ id: 2, quantity: 1, paidFen: 3000 })];
  const order = { shippingFen: 1000, shippingCounted: false };

  it('a part of the order for the shopper’s reason: no shipping', () => {
    expect(priceRequest(order, two, [{ orderItemId: 1, quantity: 1 }], 'return_refund', 'seven_days')).toEqual({
      items: [{ orderItemId: 1, quantity: 1, refundFen: 2500 }],
      shippingFen: 0,
      refundFen: 2500,
    });
  });

  it('the shop’s fault refunds the shipping, once', () => {
    expect(priceRequest(order, two, [{ orderItemId: 2, quantity: 1 }], 'return_refund', 'quality').refundFen).toBe(4000);
    expect(priceRequest({ ...order, shippingCounted: true }, two, [{ orderItemId: 2, quantity: 1 }], 'return_refund', 'quality').refundFen).toBe(3000);
  });

  it('the whole order back refunds the shipping whatever the reason', () => {
    const all = [
      { orderItemId: 1, quantity: 2 },
      { orderItemId: 2, quantity: 1 },
    ];
    expect(priceRequest(order, two, all, 'refund_only', 'no_longer_needed').refundFen).toBe(9000);
  });

  it('an exchange gives no money', () => {
    expect(priceRequest(order, two, [{ orderItemId: 1, quantity: 2 }], 'exchange', 'quality')).toEqual({
      items: [{ orderItemId: 1, quantity: 2, refundFen: 0 }],
      shippingFen: 0,
      refundFen: 0,
    });
  });
});

/**
 * The counts on 我的's order shortcuts (待付款 / 待发货 / 待收货 / 待评价 / 售后), on PGlite and
 * PostgreSQL: each is the shopper's own orders in that state (or open after-sales requests), and an
 * order moves from one count to the next as it is paid, shipped and received.
 */
import { describe, expect, it } from 'vitest';
import { shortcutCounts } from '@/lib/server/views/orders-shortcuts';
import { afterSalesSuite, ask, bought, buyer, cancelOrder, confirmReceipt, draft, payOrder, placeOrder, shipOrder } from './after-sales-kit';
import { makeSku, type Shopper } from './session';

let op: Shopper;
afterSalesSuite((o) => (op = o));

describe('我的 counts', () => {
  it('each shortcut counts the shopper’s own orders in its state; an order moves along as it is paid, shipped and received', async () => {
    const u = await buyer();
    const sku = await makeSku({ priceFen: 9_900 });
    const none = { pending_payment: 0, paid: 0, shipped: 0, toReview: 0, afterSales: 0 };
    expect(await shortcutCounts(u.userId)).toEqual(none);

    const unpaid = await placeOrder(u, [{ sku }]);
    await placeOrder(u, [{ sku }]);
    await bought(u, op, [{ sku }], 'paid');
    await bought(u, op, [{ sku }], 'shipped');
    const received = await bought(u, op, [{ sku }], 'completed');
    expect(await shortcutCounts(u.userId)).toEqual({ pending_payment: 2, paid: 1, shipped: 1, toReview: 1, afterSales: 0 });

    // One order along the way: 待付款 → 待发货 → 待收货 → 待评价.
    await payOrder(u, unpaid.orderNo);
    expect(await shortcutCounts(u.userId)).toMatchObject({ pending_payment: 1, paid: 2 });
    await shipOrder(op, unpaid.orderNo);
    expect(await shortcutCounts(u.userId)).toMatchObject({ paid: 1, shipped: 2 });
    await confirmReceipt(u, unpaid.orderNo);
    expect(await shortcutCounts(u.userId)).toMatchObject({ shipped: 1, toReview: 2 });

    // 售后 counts the requests still open; a cancelled order leaves 待付款.
    await ask(u, draft(received, 'return_refund', 'seven_days', [[0, 1]]));
    const pending = (await placeOrder(u, [{ sku }])).orderNo;
    expect(await shortcutCounts(u.userId)).toMatchObject({ pending_payment: 2, afterSales: 1 });
    expect((await cancelOrder(u, pending)).body.resultCode).toBe(200);
    expect(await shortcutCounts(u.userId)).toMatchObject({ pending_payment: 1, afterSales: 1 });

    // Another shopper's orders are theirs alone.
    const v = await buyer();
    expect(await shortcutCounts(v.userId)).toEqual(none);
  });
});

/**
 * The books: once the server has stopped, the test opens the database itself and checks by SQL that the
 * crash lost nothing: stock accounted, no order paid twice, no payment lost or stuck, refunds settled, every paid
 * renewal applied once, no acknowledged write lost, every outbox event delivered exactly once, never two messages or two SMS for one event. Then it counts the figures the report prints.
 */
import path from 'node:path';
import pg from 'pg';
import { KIND } from '../config.mjs';
import { acknowledgedWritesKept } from './acknowledged.mjs';
import { messagesOnce } from './messages.mjs';
import { noOrderPaidTwice } from './orders.mjs';
import { outboxDeliveredOnce } from './outbox.mjs';
import { noPaymentLost, noPaymentStuck, refundsSettled } from './payments.mjs';
import { renewalsApplied } from './renewals.mjs';
import { stockAccounted } from './stock.mjs';

/** @returns {Promise<{ q: (sql: string, params?: unknown[]) => Promise<object[]>, close: () => Promise<void> }>} */
async function openBooks(stage) {
  if (KIND === 'postgres') {
    const c = new pg.Client({ connectionString: stage.dbUrl });
    await c.connect();
    return { q: async (sql, params = []) => (await c.query(sql, params)).rows, close: () => c.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The extensions the migrations created (lib/server/db/pglite-extensions.ts), or the database cannot be opened whole.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(path.join(stage.dataDir, 'pglite'), { extensions: { pg_trgm } });
  return { q: async (sql, params = []) => (await db.query(sql, params)).rows, close: () => db.close() };
}

/** Runs every check on the books (each adds to the report). @param startStock skuId → stock before the load @returns the figures */
export async function audit(stage, startStock) {
  const books = await openBooks(stage);
  const { q } = books;
  try {
    await stockAccounted(q, startStock);
    await noOrderPaidTwice(q);
    await noPaymentLost(q);
    await noPaymentStuck(q);
    await refundsSettled(q);
    await acknowledgedWritesKept(q);
    await outboxDeliveredOnce(q, stage);
    await messagesOnce(q, stage);
    const renewals = await renewalsApplied(q);
    return { ...(await figures(q)), ...renewals };
  } finally {
    await books.close();
  }
}

async function figures(q) {
  const [fig] = await q(
    `select
       (select count(*) from orders)::int as orders,
       (select count(*) from orders where status in ('paid','completed','shipped'))::int as paid,
       (select count(*) from orders where status = 'pending_payment')::int as waiting,
       (select count(*) from orders where status = 'cancelled')::int as cancelled,
       (select count(*) from orders where status = 'refunding')::int as refunding,
       (select count(*) from orders where status = 'refunded')::int as refunded,
       (select count(*) from payments)::int as payments,
       (select count(*) from payments where status = 'succeeded')::int as succeeded,
       (select count(*) from payments where status = 'pending')::int as pending,
       (select count(*) from payments where status = 'closed')::int as closed,
       (select count(*) from refunds)::int as refunds,
       (select count(*) from refunds where status = 'processing')::int as refunds_processing,
       (select count(*) from after_sales)::int as after_sales,
       (select count(*) from sandbox_trades where status in ('SUCCESS','REFUND'))::int as gateway_paid,
       (select count(*) from payment_notifications)::int as notifications`,
  );
  return fig;
}

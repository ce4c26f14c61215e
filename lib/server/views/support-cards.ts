/**
 * The card atop a 在线客服 conversation: the product, order, after-sales request or invoice it is about, read fresh.
 *
 * A 在线客服 conversation's card as the screens show it (docs/support.md#the-conversation): the product,
 * the order with its first line, the after-sales request with its order's number and the lines it returns
 * or exchanges, or the invoice with its order's number, read fresh (the status moves on). A view: the
 * rows are the catalog's, the orders', the after-sales' and the invoices'.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SupportCard } from '../../domain/support';
import { getDb, type DbOrTx } from '../db/client';
import { afterSaleItems, afterSales, invoices, orderItems, orders, products } from '../db/schema';
import { cardFields, type CardQuery, type CardRef, resolveCard, type SessionRows, sessionsBefore } from '../modules/support';

/** The card as the screens show it, read fresh (the status of an order or a request moves on). */
export async function cardOf(db: DbOrTx, c: CardRef): Promise<SupportCard | null> {
  if (c.productId) {
    const [p] = await db.select({ id: products.id, name: products.name, images: products.images }).from(products).where(eq(products.id, c.productId));
    if (p) return { kind: 'product', productId: p.id, name: p.name, image: p.images[0]?.src ?? null };
  }
  if (c.orderId) {
    const [o] = await db.select({ orderNo: orders.orderNo, status: orders.status, totalFen: orders.totalFen, id: orders.id }).from(orders).where(eq(orders.id, c.orderId));
    if (o) {
      const [first] = await db.select({ name: orderItems.productName, image: orderItems.image }).from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)).limit(1);
      return { kind: 'order', orderNo: o.orderNo, status: o.status, totalFen: o.totalFen, title: first?.name ?? '订单', image: first?.image || null };
    }
  }
  if (c.afterSaleId) {
    const [a] = await db
      .select({ afterSaleNo: afterSales.afterSaleNo, type: afterSales.type, status: afterSales.status, orderNo: orders.orderNo })
      .from(afterSales)
      .innerJoin(orders, eq(orders.id, afterSales.orderId))
      .where(eq(afterSales.id, c.afterSaleId));
    if (a) {
      // The lines being returned or exchanged, not the order's first line.
      const lines = await db
        .select({ name: orderItems.productName, sku: orderItems.skuName, image: orderItems.image, quantity: afterSaleItems.quantity })
        .from(afterSaleItems)
        .innerJoin(orderItems, eq(orderItems.id, afterSaleItems.orderItemId))
        .where(eq(afterSaleItems.afterSaleId, c.afterSaleId))
        .orderBy(asc(afterSaleItems.id));
      const first = lines[0];
      const name = first ? [first.name, first.sku].filter(Boolean).join(' ') : '售后商品';
      return {
        kind: 'afterSale',
        afterSaleNo: a.afterSaleNo,
        orderNo: a.orderNo,
        type: a.type,
        status: a.status,
        title: lines.length > 1 ? `${name} 等 ${lines.length} 种商品` : name,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        image: first?.image || null,
      };
    }
  }
  if (c.invoiceId) {
    const [i] = await db
      .select({ id: invoices.id, title: invoices.title, status: invoices.status, amountFen: invoices.amountFen, invoiceNo: invoices.invoiceNo, orderNo: orders.orderNo })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(eq(invoices.id, c.invoiceId));
    if (i) return { kind: 'invoice', invoiceId: i.id, orderNo: i.orderNo, title: i.title, status: i.status, amountFen: i.amountFen, invoiceNo: i.invoiceNo };
  }
  return null;
}

const aboutSchema = z.object(cardFields);

/**
 * The card a page was opened with (/Support?productId= | orderNo= | afterSaleNo= | invoiceId=), before
 * the question that keeps it: what it names and the card, or null when it names nothing valid of the
 * shopper's own (another's request or invoice shows nothing).
 */
export async function previewCard(userId: number, query: Record<string, unknown>): Promise<{ about: CardQuery; card: SupportCard } | null> {
  const parsed = aboutSchema.safeParse(query);
  if (!parsed.success) return null;
  const about = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as CardQuery;
  if (Object.keys(about).length !== 1) return null;
  const db = await getDb();
  try {
    const card = await cardOf(db, await resolveCard(db, userId, about));
    return card ? { about, card } : null;
  } catch {
    return null;
  }
}

/** The shopper's sessions before conversation `before` (the support module's sessionsBefore), each with its card. */
export async function sessionsWithCards(db: DbOrTx, userId: number, before: number | undefined, page?: number): Promise<{ sessions: (SessionRows & { card: SupportCard | null })[]; more: boolean }> {
  const { sessions, more } = await sessionsBefore(db, userId, before, page);
  const out: (SessionRows & { card: SupportCard | null })[] = [];
  for (const s of sessions) out.push({ ...s, card: await cardOf(db, s.conversation) });
  return { sessions: out, more };
}

import 'server-only';
/**
 * A conversation's card (docs/support.md#the-conversation): the product, order, after-sales request
 * or invoice the shopper asked from. The request names it; it must be the shopper's own (another's is
 * 404 like a missing one); the conversation keeps its row ids and shows it as the card.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { SupportCard } from '../../../domain/support';
import { AFTER_SALE_NO } from '../../../validation/after-sale';
import { blankToUndefined, dbId, ORDER_NO } from '../../../validation/fields';
import { getDb, type DbOrTx } from '../../db/client';
import { afterSaleItems, afterSales, invoices, orderItems, orders, products } from '../../db/schema';
import { badRequest, notFound } from '../../errors';

export type { SupportCard };

/** The card's row ids as the conversation keeps them. */
export type CardRef = { productId: number | null; orderId: number | null; afterSaleId: number | null; invoiceId: number | null };
const NO_CARD: CardRef = { productId: null, orderId: null, afterSaleId: null, invoiceId: null };

const absent = (v: unknown) => (v === null ? undefined : blankToUndefined(v));
/** What a request may name as its card: at most one of them. */
export const cardFields = {
  productId: z.preprocess(absent, dbId('商品').optional()).optional(),
  orderNo: z.preprocess(absent, z.string({ error: '订单编号不正确' }).regex(ORDER_NO, '订单编号不正确').optional()).optional(),
  afterSaleNo: z.preprocess(absent, z.string({ error: '售后单号不正确' }).regex(AFTER_SALE_NO, '售后单号不正确').optional()).optional(),
  invoiceId: z.preprocess(absent, dbId('发票').optional()).optional(),
};
type CardQuery = { productId?: number; orderNo?: string; afterSaleNo?: string; invoiceId?: number };

/** The card's rows: a product that exists, or the shopper's own order, request or invoice (another's is 404). */
export async function resolveCard(db: DbOrTx, userId: number, q: CardQuery): Promise<CardRef> {
  const named = [q.productId, q.orderNo, q.afterSaleNo, q.invoiceId].filter((v) => v !== undefined).length;
  if (named > 1) throw badRequest('只能附带一个商品、订单、售后单或发票');
  if (q.productId !== undefined) {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, q.productId));
    if (!p) throw notFound('商品不存在');
    return { ...NO_CARD, productId: p.id };
  }
  if (q.orderNo !== undefined) {
    const [o] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.orderNo, q.orderNo), eq(orders.userId, userId)));
    if (!o) throw notFound('订单不存在');
    return { ...NO_CARD, orderId: o.id };
  }
  if (q.afterSaleNo !== undefined) {
    const [a] = await db.select({ id: afterSales.id }).from(afterSales).where(and(eq(afterSales.afterSaleNo, q.afterSaleNo), eq(afterSales.userId, userId)));
    if (!a) throw notFound('售后单不存在');
    return { ...NO_CARD, afterSaleId: a.id };
  }
  if (q.invoiceId !== undefined) {
    const [i] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, q.invoiceId), eq(invoices.userId, userId)));
    if (!i) throw notFound('发票不存在');
    return { ...NO_CARD, invoiceId: i.id };
  }
  return NO_CARD;
}

export const hasCard = (c: CardRef) => Boolean(c.productId || c.orderId || c.afterSaleId || c.invoiceId);

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

/** The card's columns to write: all four, so a newer card replaces the older one whatever its kind. */
export const cardColumns = (c: CardRef) => ({ productId: c.productId, orderId: c.orderId, afterSaleId: c.afterSaleId, invoiceId: c.invoiceId });

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

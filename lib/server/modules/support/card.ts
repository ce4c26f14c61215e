import 'server-only';
/**
 * A conversation's card (docs/support.md#the-conversation): the product, order, after-sales request
 * or invoice the shopper asked from. The request names it; it must be the shopper's own (another's is
 * 404 like a missing one), which each owner's module says; the conversation keeps its row ids and
 * shows it as the card (the view lib/server/views/support-cards.ts reads it).
 */
import { z } from 'zod';
import { AFTER_SALE_NO } from '../../../validation/after-sale';
import { blankToUndefined, dbId, ORDER_NO } from '../../../validation/fields';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { shopperAfterSaleId } from '../after-sales';
import { productExists } from '../catalog';
import { shopperInvoiceId } from '../invoice';
import { shopperOrderId } from '../order';

export type { SupportCard } from '../../../domain/support';

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
export type CardQuery = { productId?: number; orderNo?: string; afterSaleNo?: string; invoiceId?: number };

/** The card's rows: a product that exists, or the shopper's own order, request or invoice (another's is 404). */
export async function resolveCard(db: DbOrTx, userId: number, q: CardQuery): Promise<CardRef> {
  const named = [q.productId, q.orderNo, q.afterSaleNo, q.invoiceId].filter((v) => v !== undefined).length;
  if (named > 1) throw badRequest('只能附带一个商品、订单、售后单或发票');
  if (q.productId !== undefined) {
    if (!(await productExists(db, q.productId))) throw notFound('商品不存在');
    return { ...NO_CARD, productId: q.productId };
  }
  if (q.orderNo !== undefined) {
    const orderId = await shopperOrderId(db, userId, q.orderNo);
    if (orderId === null) throw notFound('订单不存在');
    return { ...NO_CARD, orderId };
  }
  if (q.afterSaleNo !== undefined) {
    const afterSaleId = await shopperAfterSaleId(db, userId, q.afterSaleNo);
    if (afterSaleId === null) throw notFound('售后单不存在');
    return { ...NO_CARD, afterSaleId };
  }
  if (q.invoiceId !== undefined) {
    const invoiceId = await shopperInvoiceId(db, userId, q.invoiceId);
    if (invoiceId === null) throw notFound('发票不存在');
    return { ...NO_CARD, invoiceId };
  }
  return NO_CARD;
}

export const hasCard = (c: CardRef) => Boolean(c.productId || c.orderId || c.afterSaleId || c.invoiceId);

/** The card's columns to write: all four, so a newer card replaces the older one whatever its kind. */
export const cardColumns = (c: CardRef) => ({ productId: c.productId, orderId: c.orderId, afterSaleId: c.afterSaleId, invoiceId: c.invoiceId });

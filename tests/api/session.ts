/**
 * Shared by the shopping API tests (cart, addresses, orders, concurrency): requests with a token
 * or cookie, logging a fresh user in through the real SMS-code flow, and fixtures in the database
 * (a product with one SKU of a chosen kind, price and stock) so each test owns its stock.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';

// The HMAC secret of SMS codes: fixed, so a test never creates DATA_DIR/app-secret.
process.env.APP_SECRET ||= 'api-test-secret-0123456789abcdef';

import { POST as smsCodeRoute } from '@/app/api/v1/auth/sms-code/route';
import { POST as loginRoute } from '@/app/api/v1/auth/login/route';
import { POST as addressesPost } from '@/app/api/v1/addresses/route';
import type { OrderStatus } from '@/lib/domain/order-status';
import { getDb } from '@/lib/server/db/client';
import { categories, orders, products, skus, smsCodes } from '@/lib/server/db/schema';
import type { Address } from '@/lib/server/modules/accounts';
import { BASE, envelope, type Envelope } from './helpers';
import { productWords } from '@/lib/server/words/product-words';

export type Opts = { token?: string; cookie?: string; ip?: string; xrw?: boolean; headers?: Record<string, string> };

// Any handler of ours: (req, ctx) → Response; ctx is `undefined` or `{ params: Promise<…> }`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (req: Request, ctx: any) => Promise<Response>;

let ipCounter = 0;
/** A fresh caller IP per request (the SMS limits count per IP). */
export const nextIp = () => `10.44.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

let phoneCounter = 0;
const phoneBase = 10_000_000 + (process.pid % 1000) * 1000;
/** A fresh mobile number per call: 137 + 8 digits. */
export const newPhone = () => `137${String(phoneBase + ++phoneCounter * 7).padStart(8, '0').slice(-8)}`;

/** A request to /api/v1 like the browser client sends it (X-Requested-With unless xrw: false). */
export function req(method: string, path: string, body?: unknown, o: Opts = {}): Request {
  const headers: Record<string, string> = { 'x-test-peer': o.ip ?? nextIp(), 'user-agent': 'vitest', ...o.headers };
  if (o.xrw !== false) headers['x-requested-with'] = 'XMLHttpRequest';
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.token = o.token;
  if (o.cookie) headers.cookie = o.cookie;
  return new Request(`${BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Calls a route handler; the envelope is checked (status ↔ resultCode, no 5xx). */
export async function call<T = unknown>(handler: Handler, request: Request, ctx?: unknown): Promise<{ res: Response; body: Envelope<T> }> {
  const res = await handler(request, ctx);
  return { res, body: await envelope<T>(res) };
}

/** Calls a handler and expects resultCode 200; returns data. */
export async function ok<T = unknown>(handler: Handler, request: Request, ctx?: unknown): Promise<T> {
  const { body } = await call<T>(handler, request, ctx);
  expect(body.resultCode, body.message).toBe(200);
  return body.data as T;
}

/** Calls a handler and expects this resultCode; returns the message. */
export async function fails(code: number, handler: Handler, request: Request, ctx?: unknown): Promise<string> {
  const { body } = await call(handler, request, ctx);
  expect(body.resultCode, body.message).toBe(code);
  expect(body.data ?? null).toBeNull();
  return body.message;
}

/** Steps every SMS code of `phone` back by `s` seconds (past the 60 s resend cooldown). */
export async function ageCodes(phone: string, s = 61) {
  const db = await getDb();
  await db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${s})` })
    .where(eq(smsCodes.phone, phone));
}

/** The `{ params }` context of a dynamic route segment. */
export function ctx<P extends Record<string, string | number>>(p: P): { params: Promise<Record<keyof P, string>> } {
  return { params: Promise.resolve(Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])) as Record<keyof P, string>) };
}

/** `cart-id=…` from a response's Set-Cookie, or undefined when it set none. */
export function cartCookieOf(res: Response): string | undefined {
  const m = /(?:^|,\s*)cart-id=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
  return m && m[1] ? `cart-id=${m[1]}` : undefined;
}

export type Shopper = { token: string; userId: number; phone: string };

/** A user logged in through POST /auth/sms-code + POST /auth/login (demo devCode): a new phone, or `phone` again (its last code must be a minute old: ageCodes). */
export async function loginNew(o: { cookie?: string; phone?: string } = {}): Promise<Shopper & { res: Response }> {
  const phone = o.phone ?? newPhone();
  const code = await ok<{ devCode: string }>(smsCodeRoute, req('POST', '/auth/sms-code', { phone }));
  expect(code.devCode).toMatch(/^\d{6}$/);
  const res = await loginRoute(req('POST', '/auth/login', { phone, code: code.devCode, agree: true }, { cookie: o.cookie }), undefined);
  const body = await envelope<{ token: string; user: { id: number } }>(res);
  expect(body.resultCode, body.message).toBe(200);
  return { token: body.data!.token, userId: body.data!.user.id, phone, res };
}

/** `n` users logged in one after another. */
export async function loginMany(n: number): Promise<Shopper[]> {
  const out: Shopper[] = [];
  for (let i = 0; i < n; i++) out.push(await loginNew());
  return out;
}

// ------------------------------------------------------------------ fixtures in the database

let productCounter = 0;

export type SkuFixture = { productId: number; skuId: number; priceFen: number; kind: 'device' | 'service'; productName: string; skuName: string };

/** A product of its own with one SKU (on sale), so a test controls price and stock. */
export async function makeSku(o: { kind?: 'device' | 'service'; priceFen?: number; stock?: number } = {}): Promise<SkuFixture> {
  const db = await getDb();
  const kind = o.kind ?? 'device';
  const priceFen = o.priceFen ?? 5_000;
  const [cat] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  const n = ++productCounter;
  const productId = 900_000 + (process.pid % 1000) * 100 + n;
  const productName = `测试${kind === 'service' ? '服务' : '设备'} ${n}`;
  const tag = randomBytes(4).toString('hex');
  await db.insert(products).values({
    id: productId,
    categoryId: cat.id,
    slug: `t-${tag}`,
    name: productName,
    kind,
    seoTitle: productName,
    seoDescription: productName,
    seoKeywords: productName,
    // Its search words, as the catalog's writers cut them (docs/decisions/search.md#the-index).
    ...productWords({ name: productName, subtitle: '', specs: [] }),
  });
  const skuName = `规格 ${n}`;
  const [sku] = await db
    .insert(skus)
    .values({ productId, code: `T-${tag}`, name: skuName, priceFen, listPriceFen: priceFen, stock: o.stock ?? 100 })
    .returning({ id: skus.id });
  return { productId, skuId: sku.id, priceFen, kind, productName, skuName };
}

export async function stockOf(skuId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
  return row.stock;
}

export async function setSku(skuId: number, set: { stock?: number; onSale?: boolean; priceFen?: number }): Promise<void> {
  const db = await getDb();
  const patch = { ...set, ...(set.priceFen !== undefined ? { listPriceFen: set.priceFen } : {}) };
  await db.update(skus).set(patch).where(eq(skus.id, skuId));
}

export async function setProductOnSale(productId: number, onSale: boolean): Promise<void> {
  const db = await getDb();
  await db.update(products).set({ onSale }).where(eq(products.id, productId));
}

/** The orders row (all columns) by orderNo. */
export async function orderRow(orderNo: string) {
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

/** Moves an order's clock: pay deadline, shipped time; or forces a status (what the operator or payment would do). */
export async function patchOrder(
  orderNo: string,
  set: { status?: OrderStatus; payDeadline?: Date; shippedAt?: Date; cancelledAt?: Date; carrier?: string; trackingNo?: string },
): Promise<void> {
  const db = await getDb();
  await db.update(orders).set(set).where(eq(orders.orderNo, orderNo));
}

/** Puts an unpaid order past its pay deadline. */
export const expire = (orderNo: string) => patchOrder(orderNo, { payDeadline: new Date(Date.now() - 60_000) });

/** How many order lines (across all orders) reference this SKU. */
export async function orderLinesOfSku(skuId: number): Promise<{ orders: number; quantity: number }> {
  const db = await getDb();
  const rows = await db.execute<{ orders: number; quantity: number }>(
    sql`select count(distinct order_id)::int as orders, coalesce(sum(quantity), 0)::int as quantity from order_items where sku_id = ${skuId}`,
  );
  const r = (rows as unknown as { rows: { orders: number; quantity: number }[] }).rows?.[0] ?? (rows as unknown as { orders: number; quantity: number }[])[0];
  return { orders: Number(r.orders), quantity: Number(r.quantity) };
}

// ------------------------------------------------------------------ addresses, orders

export const ADDRESS = {
  name: '张三',
  tel: '13800138000',
  province: '安徽省',
  city: '合肥市',
  county: '蜀山区',
  areaCode: '340104',
  addressDetail: '科学大道 909 号 A 座 1201',
};

export async function addAddress(token: string, over: Partial<typeof ADDRESS> & { isDefault?: boolean } = {}): Promise<Address> {
  return ok<Address>(addressesPost, req('POST', '/addresses', { ...ADDRESS, ...over }, { token }));
}

/** A shopper with a delivery address, ready to check out. */
export type Buyer = Shopper & { addressId: number };

export async function buyer(): Promise<Buyer> {
  const u = await loginNew();
  return { ...u, addressId: (await addAddress(u.token)).id };
}

/** A fresh idempotency key, as the checkout page makes one per visit. */
export const idemKey = () => `k-${randomBytes(9).toString('base64url')}`;

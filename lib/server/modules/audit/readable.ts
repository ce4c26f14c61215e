/**
 * The audit log in words (docs/decisions/operator-console.md): each row's object by its name
 * with a link into the console (订单 2026…, 商品「量子耳机」, 规格「量子耳机 · 黑色」…), and the state
 * before and after as 状态：已发货, 售价：¥1,999.00 lines instead of JSON.
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { AFTER_SALE_STATUS_LABEL } from '../../../domain/after-sale';
import { INVOICE_REVERSAL_LABEL, INVOICE_STATUS_LABEL } from '../../../domain/invoice-status';
import { formatFen } from '../../../domain/money';
import { ORDER_STATUS_LABEL } from '../../../domain/order-status';
import { SUPPORT_STATUS_NAMES } from '../../../domain/support';
import { maskPhone } from '../../../validation/phone';
import type { DbOrTx } from '../../db/client';
import { couponTemplates, invoices, orders, products, reviews, skus, users } from '../../db/schema';

/** What a field of a before/after is called in the console. */
const FIELD_LABEL: Record<string, string> = {
  status: '状态',
  carrier: '快递公司',
  trackingNo: '运单号',
  cancelReason: '取消原因',
  reason: '原因',
  invoice: '发票',
  invoiceNo: '发票号',
  rejectReason: '驳回原因',
  amountFen: '金额',
  reversal: '红冲',
  refundFen: '退款金额',
  restocked: '退回库存',
  returnShippingFen: '寄回运费',
  returnShippingPaidFen: '补偿运费',
  name: '名称',
  subtitle: '副标题',
  description: '描述',
  images: '图片',
  onSale: '上架',
  priceFen: '售价',
  listPriceFen: '划线价',
  stock: '库存',
  hidden: '隐藏',
  reply: '回复',
  text: '内容',
  messageId: '消息编号',
  operatorId: '接待客服',
  count: '数量',
  stopped: '已停发',
  attempts: '已尝试次数',
  lastError: '上次错误',
  due: '下次发送',
  deletedAt: '注销时间',
  thresholdFen: '使用门槛',
  discountFen: '优惠金额',
  percent: '折扣',
  total: '发放总量',
  perUserLimit: '每人限领',
  code: '兑换码',
  scope: '适用范围',
  ids: '编号',
  validity: '有效期',
  days: '天数',
  startsAt: '开始时间',
  endsAt: '结束时间',
  type: '类型',
  kind: '类型',
};

/** The status names of each kind of object. */
const STATUS_LABEL: Record<string, Record<string, string>> = {
  order: ORDER_STATUS_LABEL,
  after_sale: AFTER_SALE_STATUS_LABEL,
  invoice: INVOICE_STATUS_LABEL,
  support_conversation: SUPPORT_STATUS_NAMES,
};

/** Long texts (a description, an error) are cut to this many characters in the log's cell. */
const TEXT_MAX = 80;

function valueText(entity: string, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '无';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'number' && key.endsWith('Fen')) return formatFen(v);
  if (key === 'status' && typeof v === 'string') return STATUS_LABEL[entity]?.[v] ?? v;
  if (key === 'reversal' && typeof v === 'string') return INVOICE_REVERSAL_LABEL[v as keyof typeof INVOICE_REVERSAL_LABEL] ?? v;
  if (key === 'due' && v === 'now') return '立即';
  if (key === 'images' && typeof v === 'number') return `${v} 张`;
  if (Array.isArray(v)) return v.every((x) => typeof x !== 'object' || x === null) ? v.join('、') : `${v.length} 项`;
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${FIELD_LABEL[k] ?? k} ${valueText(entity, k, x)}`).join('，');
  const s = String(v);
  return [...s].length > TEXT_MAX ? `${[...s].slice(0, TEXT_MAX).join('')}…` : s;
}

/** A before/after as lines 「状态：已发货」; the form's version stamp is left out. */
export function changeLines(entity: string, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [valueText(entity, '', value)];
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => k !== 'version')
    .map(([k, v]) => `${FIELD_LABEL[k] ?? k}：${valueText(entity, k, v)}`);
}

export type AuditObject = { label: string; href: string | null };

const ids = (rows: { entity: string; entityId: string }[], entity: string) =>
  [...new Set(rows.filter((r) => r.entity === entity).map((r) => Number(r.entityId)).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647))];

/** Each row's object by its name, with its page in the console; the names read in one query per kind. */
export async function auditObjects(db: DbOrTx, rows: { entity: string; entityId: string }[]): Promise<AuditObject[]> {
  const [prods, skuRows, invs, tmpls, revs, people] = await Promise.all([
    ids(rows, 'product').length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids(rows, 'product'))) : [],
    ids(rows, 'sku').length
      ? db.select({ id: skus.id, name: skus.name, productId: skus.productId, productName: products.name }).from(skus).innerJoin(products, eq(products.id, skus.productId)).where(inArray(skus.id, ids(rows, 'sku')))
      : [],
    ids(rows, 'invoice').length
      ? db.select({ id: invoices.id, title: invoices.title, orderNo: orders.orderNo }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(inArray(invoices.id, ids(rows, 'invoice')))
      : [],
    ids(rows, 'coupon_template').length ? db.select({ id: couponTemplates.id, name: couponTemplates.name }).from(couponTemplates).where(inArray(couponTemplates.id, ids(rows, 'coupon_template'))) : [],
    ids(rows, 'review').length ? db.select({ id: reviews.id, productName: products.name }).from(reviews).leftJoin(products, eq(products.id, reviews.productId)).where(inArray(reviews.id, ids(rows, 'review'))) : [],
    ids(rows, 'user').length ? db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, ids(rows, 'user'))) : [],
  ]);
  const by = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const [p, s, i, t, r, u] = [by(prods), by(skuRows), by(invs), by(tmpls), by(revs), by(people)];
  return rows.map(({ entity, entityId }) => {
    const n = Number(entityId);
    switch (entity) {
      case 'order':
        return { label: `订单 ${entityId}`, href: `/admin/orders/${entityId}` };
      case 'after_sale':
        return { label: `售后单 ${entityId}`, href: `/admin/aftersales/${entityId}` };
      case 'product':
        return { label: p.get(n) ? `商品「${p.get(n)!.name}」` : `商品 #${entityId}`, href: `/admin/products/${entityId}` };
      case 'sku': {
        const k = s.get(n);
        return k ? { label: `规格「${k.productName} · ${k.name}」`, href: `/admin/products/${k.productId}` } : { label: `规格 #${entityId}`, href: null };
      }
      case 'invoice': {
        const v = i.get(n);
        return v ? { label: `发票「${v.title}」（订单 ${v.orderNo}）`, href: `/admin/orders/${v.orderNo}#o-facts` } : { label: `发票 #${entityId}`, href: null };
      }
      case 'coupon_template':
        return { label: t.get(n) ? `优惠券「${t.get(n)!.name}」` : `优惠券 #${entityId}`, href: `/admin/coupons/${entityId}` };
      case 'review':
        return { label: r.get(n)?.productName ? `评价 #${entityId}（${r.get(n)!.productName}）` : `评价 #${entityId}`, href: `/admin/reviews/${entityId}` };
      case 'user':
        return { label: u.get(n) ? `用户 ${maskPhone(u.get(n)!.phone)}` : '已注销用户', href: null };
      case 'outbox_event':
        return { label: `通知 #${entityId}`, href: '/admin/outbox' };
      case 'support_conversation':
        return { label: `客服会话 #${entityId}`, href: `/admin/support?view=closed&id=${entityId}` };
      case 'subscription':
        return { label: `订阅 #${entityId}`, href: `/admin/subscriptions/${entityId}` };
      default:
        return { label: `${entity} ${entityId}`, href: null };
    }
  });
}

/**
 * The operator console's input rules (docs/rules.md#operator-console): order filters, shipping, cancelling, product and
 * SKU edits, list paging. Shared by the console's forms and the /api/v1/admin handlers.
 */
import { z } from 'zod';
import { MOBILE_DIGITS } from '../domain/account-rules';
import { ORDER_NO_LENGTH } from '../domain/order-rules';
import { PRODUCT_NAME_MAX, PRODUCT_SUBTITLE_MAX } from '../domain/catalog-rules';
import { PRICE_PROTECT_DAYS_MAX } from '../domain/price-protect';
import { ORDER_STATUSES } from '../domain/order-status';
import { blankToUndefined, calendarDay, int, noControl, pageFields, text, waybillSchema } from './fields';
import { stripControl } from '../domain/control-chars';
import { invoiceRejectReasonSchema } from './invoice';

/** ?page=&pageSize= of every console table (page sizes 10/20/30/40/50/100, default 10). */
export const pageQuerySchema = z.object(pageFields);

/** A search box's text: control characters dropped (a search never fails for them), blank means not given. */
const searchText = (v: unknown) => blankToUndefined(typeof v === 'string' ? stripControl(v) : v);

/** The console's 商品 list: paged, and ?stock=low for the SKUs at or under LOW_STOCK_THRESHOLD (the 概览's 库存不足). */
export const adminProductQuerySchema = z.object({
  ...pageFields,
  stock: z.preprocess(blankToUndefined, z.enum(['low'], { error: '库存筛选不正确' }).optional()),
});

/** Filters of the order table and its CSV export. Every field is optional; a bad one is a 400 naming it. */
export const adminOrderQuerySchema = z
  .object({
    status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES, { error: '订单状态不正确' }).optional()),
    from: calendarDay('开始日期'),
    to: calendarDay('结束日期'),
    orderNo: z.preprocess(
      searchText,
      z
        .string({ error: '订单号格式不正确' })
        .trim()
        .regex(new RegExp(`^\\d{1,${ORDER_NO_LENGTH}}$`), `订单号只能是 1–${ORDER_NO_LENGTH} 位数字`)
        .optional(),
    ),
    phone: z.preprocess(
      searchText,
      z
        .string({ error: '手机号格式不正确' })
        .trim()
        .regex(new RegExp(`^\\d{3,${MOBILE_DIGITS}}$`), `手机号请填写 3–${MOBILE_DIGITS} 位数字`)
        .optional(),
    ),
    ...pageFields,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '结束日期不能早于开始日期', path: ['to'] });

export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;

/** 发货: a carrier from the list and its waybill number. */
export const shipOrderSchema = waybillSchema;

/** 取消订单 by the operator: an optional reason the shopper sees. */
export const operatorCancelSchema = z.object({
  reason: z.preprocess(blankToUndefined, text('取消原因', { max: 60, oneLine: true }).optional()),
});

/** 退款 by the operator: an optional reason (the provider shows it to the shopper). */
export const operatorRefundSchema = z.object({
  reason: z.preprocess(blankToUndefined, text('退款原因', { max: 60, oneLine: true }).optional()),
});

/** 驳回 of an invoice: the reason the shopper sees (the invoice issue's rule). */
export const invoiceRejectSchema = z.object({ reason: invoiceRejectReasonSchema }, { error: '请填写驳回原因' });

/**
 * The version a form loaded (updated_at in microseconds since 1970, as the server sent it); a
 * write with an older one is a 409, never a silent overwrite.
 */
const version = z.string({ error: '请刷新页面后重试' }).regex(/^\d{1,20}$/, '请刷新页面后重试');

const productImageSchema = z.object({
  src: z
    .string({ error: '图片地址格式不正确' })
    .trim()
    .regex(/^\/images\/[A-Za-z0-9_\-/]+\.(?:png|jpe?g|webp|svg|gif|avif)$/i, '图片地址必须是本站 /images/ 下的图片文件')
    .refine((s) => !s.includes('//') && !s.split('/').includes('..'), '图片地址必须是本站 /images/ 下的图片文件')
    .refine((s) => s.length <= 200, '图片地址不能超过 200 个字符'),
  alt: text('图片说明', { max: 100, oneLine: true }),
  width: int('图片宽度', { min: 1, max: 10_000 }),
  height: int('图片高度', { min: 1, max: 10_000 }),
});

/** 商品: name, subtitle, description, images, on/off sale. */
export const productUpdateSchema = z.object({
  name: text('商品名称', { max: PRODUCT_NAME_MAX, oneLine: true }),
  subtitle: text('副标题', { max: PRODUCT_SUBTITLE_MAX, required: false, oneLine: true }),
  description: text('商品描述', { max: 20_000, required: false }),
  images: z.array(productImageSchema, { error: '商品图片格式不正确' }).min(1, '请至少保留一张商品图片').max(20, '商品图片最多 20 张'),
  onSale: z.boolean({ error: '请选择是否上架' }),
  // 价保 (docs/rules.md#价保): absent leaves the product's window as it is.
  priceProtectDays: int('价保天数', { min: 0, max: PRICE_PROTECT_DAYS_MAX }).optional(),
  version,
});

/** SKU: price and list price in fen (list ≥ price), stock ≥ 0. */
export const skuUpdateSchema = z
  .object({
    priceFen: int('售价', { min: 1, max: 100_000_000 }),
    listPriceFen: int('划线价', { min: 1, max: 100_000_000 }),
    stock: int('库存', { min: 0, max: 1_000_000 }),
    version,
  })
  .refine((v) => v.listPriceFen >= v.priceFen, { message: '划线价不能低于售价', path: ['listPriceFen'] });

export const auditQuerySchema = z.object({
  entity: z.preprocess(blankToUndefined, z.string().trim().regex(/^[a-z_]{1,40}$/, '对象类型不正确').optional()),
  entityId: z.preprocess(blankToUndefined, noControl(z.string().trim().max(60, '对象编号不正确'), '对象编号', { oneLine: true }).optional()),
  ...pageFields,
});


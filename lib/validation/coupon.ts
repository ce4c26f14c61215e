/**
 * Coupon input (docs/coupons.md): the operator's template, a code typed by a shopper, the list
 * filters. Every message is Chinese and names the field.
 */
import { z } from 'zod';
import { COUPON_CODE_MAX, COUPON_CODES_PER_BATCH, COUPON_NAME_MAX } from '../domain/coupon-rules';
import { ORDER_TOTAL_MAX_FEN } from '../domain/order-rules';
import { COUPON_ISSUES, COUPON_KINDS, COUPON_SCOPES } from '../domain/coupon';
import { dbId, int, oneOf, text } from './fields';

/** A code as printed: letters and digits; typed in any case, with spaces or dashes between groups. */
export const couponCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z
    .string({ error: '请输入优惠码' })
    .min(1, '请输入优惠码')
    .max(COUPON_CODE_MAX, '优惠码不正确')
    .regex(/^[0-9A-Z]+$/, '优惠码不正确'),
);

export const redeemSchema = z.object({ code: couponCodeSchema });

const fen = (label: string) => int(label, { min: 1, max: ORDER_TOTAL_MAX_FEN });
const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式不正确` }).transform((s) => new Date(s));

const scopeSchema = z
  .object({
    type: oneOf('适用范围', COUPON_SCOPES),
    ids: z.array(dbId('适用范围的编号'), { error: '适用范围的编号格式不正确' }).max(200, '适用范围最多 200 项').optional(),
  })
  .refine((s) => s.type === 'all' || (s.ids?.length ?? 0) > 0, { message: '请选择适用的分类或商品', path: ['ids'] })
  .transform((s) => ({ type: s.type, ids: s.type === 'all' ? [] : [...new Set(s.ids)] }));

const validitySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('fixed'), startAt: instant('开始时间'), endAt: instant('结束时间') }).refine((v) => v.endAt > v.startAt, {
      message: '结束时间必须晚于开始时间',
      path: ['endAt'],
    }),
    z.object({ type: z.literal('days'), days: int('有效天数', { min: 1, max: 3650 }) }),
  ],
  { error: '请选择有效期' },
);

/** A template as the console sends it (POST; PUT takes the same and keeps what it may not change once issued). */
export const couponTemplateSchema = z
  .object({
    name: text('券名称', { max: COUPON_NAME_MAX, oneLine: true }),
    kind: oneOf('券类型', COUPON_KINDS),
    // null and absent mean the same: the console sends back what the API answered.
    amountFen: fen('减免金额').nullish(),
    thresholdFen: int('使用门槛', { min: 0, max: ORDER_TOTAL_MAX_FEN }).nullish(),
    percent: int('折扣', { min: 1, max: 99 }).nullish(),
    capFen: fen('最高减免').nullish(),
    scope: scopeSchema,
    validity: validitySchema,
    total: int('发放总量', { min: 1, max: 10_000_000 }).nullable().optional(),
    perUserLimit: int('每人限领', { min: 1, max: 100 }).optional(),
    issue: oneOf('发放方式', COUPON_ISSUES),
    code: couponCodeSchema.nullish(),
  })
  .superRefine((t, ctx) => {
    const need = (ok: boolean, path: string, message: string) => ok || ctx.addIssue({ code: 'custom', path: [path], message });
    if (t.kind === 'percent') need(t.percent != null, 'percent', '请填写折扣');
    else need(t.amountFen != null, 'amountFen', '请填写减免金额');
    if (t.kind === 'full_reduction') {
      need((t.thresholdFen ?? 0) > 0, 'thresholdFen', '满减券请填写使用门槛');
      need(t.amountFen == null || t.thresholdFen == null || t.amountFen < t.thresholdFen, 'amountFen', '减免金额必须小于使用门槛');
    }
  })
  .transform((t) => ({
    name: t.name,
    kind: t.kind,
    amountFen: t.kind === 'percent' ? null : t.amountFen!,
    thresholdFen: t.kind === 'no_threshold' ? 0 : (t.thresholdFen ?? 0),
    percent: t.kind === 'percent' ? t.percent! : null,
    capFen: t.kind === 'percent' ? (t.capFen ?? null) : null,
    scope: t.scope,
    validity: t.validity,
    total: t.total ?? null,
    perUserLimit: t.perUserLimit ?? 1,
    issue: t.issue,
    code: t.issue === 'code' ? (t.code ?? null) : null,
  }));

export type CouponTemplateInput = z.output<typeof couponTemplateSchema>;

export const codeBatchSchema = z.object({ count: int('数量', { min: 1, max: COUPON_CODES_PER_BATCH }) });

/** ?status= of 我的优惠券. */
export const myCouponsQuerySchema = z.object({
  status: z.enum(['unused', 'used', 'expired']).catch('unused').default('unused'),
});

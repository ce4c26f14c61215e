/**
 * The console's subscription inputs (docs/subscriptions.md#the-console): the list's search and filters,
 * and 延长/缩短服务期. Shared by the console's forms and the /api/v1/admin/subscriptions handlers.
 */
import { z } from 'zod';
import { MOBILE_DIGITS } from '../domain/account-rules';
import { ADJUST_DAYS_MAX, ADJUST_REASON_MAX, SUBSCRIPTION_STATES } from '../domain/subscription-console';
import { blankToUndefined, int, pageFields, text } from './fields';
import { stripControl } from '../domain/control-chars';

const searchText = (v: unknown) => blankToUndefined(typeof v === 'string' ? stripControl(v) : v);

/** An activation code as typed: any case, with or without its hyphens and spaces → 7KQ2-M9XD-4RTA-PZ3F. */
const activationCode = z
  .string({ error: '激活码格式不正确' })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .refine((s) => /^[2-9A-HJ-NP-Z]{16}$/.test(s), '激活码应为 16 位字母或数字（不含 0、O、1、I）')
  .transform((s) => s.match(/.{4}/g)!.join('-'));

export const adminSubscriptionQuerySchema = z.object({
  state: z.preprocess(blankToUndefined, z.enum(SUBSCRIPTION_STATES, { error: '订阅状态不正确' }).optional()),
  /** `due`: 「30 天内到期」, the terms ending within the next 30 days, soonest first. */
  list: z.preprocess(blankToUndefined, z.enum(['due'], { error: '列表不正确' }).optional()),
  phone: z.preprocess(
    searchText,
    z
      .string({ error: '手机号格式不正确' })
      .trim()
      .regex(new RegExp(`^\\d{3,${MOBILE_DIGITS}}$`), `手机号请填写 3–${MOBILE_DIGITS} 位数字`)
      .optional(),
  ),
  code: z.preprocess(searchText, activationCode.optional()),
  ...pageFields,
});

export type AdminSubscriptionQuery = z.output<typeof adminSubscriptionQuerySchema>;

/** 延长/缩短服务期: a whole number of days (−365…365, not 0) and the reason. */
export const subscriptionAdjustSchema = z.object(
  {
    days: int('调整天数', {
      min: -ADJUST_DAYS_MAX,
      max: ADJUST_DAYS_MAX,
      tooSmall: `调整天数只能在 -${ADJUST_DAYS_MAX} 至 ${ADJUST_DAYS_MAX} 之间`,
      tooLarge: `调整天数只能在 -${ADJUST_DAYS_MAX} 至 ${ADJUST_DAYS_MAX} 之间`,
    }).refine((n) => n !== 0, '调整天数不能为 0'),
    reason: text('调整原因', { max: ADJUST_REASON_MAX, oneLine: true }),
  },
  { error: '请填写调整天数和原因' },
);

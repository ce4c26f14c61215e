/**
 * Field builders whose every message is Chinese and names the field, so a 400 always tells the
 * shopper which field to fix. Shared by forms (client) and API handlers (server).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants';
import { isValidPhone } from './phone';

/** Line breaks, tabs and other control characters: what a one-line field (an invoice's, say) must not hold. */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The `oneLine` option of text() and optionalText(): no line break or control character. */
function oneLine(s: z.ZodString, label: string) {
  return s.refine((v) => !CONTROL.test(v), `${label}不能包含换行或控制字符`);
}

export function text(label: string, opts: { max: number; min?: number; required?: boolean; oneLine?: boolean }) {
  const min = opts.min ?? (opts.required === false ? 0 : 1);
  const s = z
    .string({ error: `${label}格式不正确` })
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字`)
    .max(opts.max, `${label}不能超过 ${opts.max} 个字`);
  return opts.oneLine ? oneLine(s, label) : s;
}

export function optionalText(label: string, max: number, opts: { oneLine?: boolean } = {}) {
  const s = z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
  return (opts.oneLine ? oneLine(s, label) : s).optional().default('');
}

/** Our order numbers: 20 digits (newOrderNo). */
export const ORDER_NO = /^\d{20}$/;

/** An order number in a request body; `missing` says what the order is for. */
export function orderNo(missing: string) {
  return z.string({ error: missing }).trim().regex(ORDER_NO, '订单编号不正确');
}

export function phone(message = '请填写正确的电话') {
  return z.string({ error: message }).trim().refine(isValidPhone, message);
}

export function email(label = '邮箱') {
  return z.string({ error: `请填写正确的${label}` }).trim().max(254, `${label}过长`).email(`请填写正确的${label}`);
}

export function int(label: string, opts: { min: number; max: number }) {
  return z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(opts.min, `${label}不能小于 ${opts.min}`)
    .max(opts.max, `${label}不能大于 ${opts.max}`);
}

export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `请选择${label}` });
}

/** ?page=&pageSize= of every table and list (seed §9: page sizes 10/20/30/40/50/100, default 10); bad values fall back. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
};

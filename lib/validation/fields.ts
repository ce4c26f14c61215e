/**
 * Field builders whose every message is Chinese and names the field, so a 400 always tells the
 * shopper which field to fix. Shared by forms (client) and API handlers (server).
 */
import { z } from 'zod';
import { CARRIERS, TRACKING_NO_MAX, TRACKING_NO_MIN } from '../domain/tracking';
import { DB_INT_MAX } from '../domain/money';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../web/page-sizes';
import { EMAIL_MAX } from '../domain/account-rules';
import { ORDER_NO_LENGTH } from '../domain/order-rules';
import { isValidPhone } from './phone';
import { CONTROL } from '../domain/control-chars';

/** CONTROL less the line feed and tab that a multi-line field (a textarea) may hold. */
const CONTROL_BUT_LF_TAB = new RegExp(`(?![\\n\\t])${CONTROL.source}`);

/**
 * Bidirectional controls (LRE…RLO U+202A–U+202E, the isolates U+2066–U+2069, the marks U+200E/U+200F
 * and the Arabic letter mark U+061C): a person never means to type them, and one of them shows
 * "gpj.exe" as "exe.jpg". Everything a person writes loses them on the way in (`written`, which
 * text() and optionalText() start with, and the chat's lines), so no page, CSV or link shows them.
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;
export const stripBidi = (v: string) => v.replace(BIDI, '');

/** A string as a person wrote it: bidirectional controls dropped before any other check. */
export const written = (error: string) => z.string({ error }).overwrite(stripBidi);

/**
 * A text field that refuses control characters, naming the field. A multi-line field keeps line
 * feeds and tabs; a one-line field (`oneLine`) refuses those too.
 */
export function noControl(s: z.ZodString, label: string, opts: { oneLine?: boolean } = {}): z.ZodString {
  const multiLine = s.refine((v) => !CONTROL_BUT_LF_TAB.test(v), `${label}不能包含控制字符`);
  return opts.oneLine ? multiLine.refine((v) => !CONTROL.test(v), `${label}不能包含换行或控制字符`) : multiLine;
}

export function text(label: string, opts: { max: number; min?: number; required?: boolean; oneLine?: boolean }) {
  const min = opts.min ?? (opts.required === false ? 0 : 1);
  const s = written(`${label}格式不正确`)
    .trim()
    .min(min, min <= 1 ? `请填写${label}` : `${label}至少 ${min} 个字`)
    .max(opts.max, `${label}不能超过 ${opts.max} 个字`);
  return noControl(s, label, opts);
}

export function optionalText(label: string, max: number, opts: { oneLine?: boolean } = {}) {
  const s = written(`${label}格式不正确`)
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
  return noControl(s, label, opts).optional().default('');
}

/** Our order numbers: ORDER_NO_LENGTH digits (newOrderNo). */
export const ORDER_NO = new RegExp(`^\\d{${ORDER_NO_LENGTH}}$`);

/** An order number in a request body; `missing` says what the order is for. */
export function orderNo(missing: string) {
  return z.string({ error: missing }).trim().regex(ORDER_NO, '订单编号不正确');
}

export function phone(message = '请填写正确的电话') {
  return z.string({ error: message }).trim().refine(isValidPhone, message);
}

export function email(label = '邮箱') {
  return z.string({ error: `请填写正确的${label}` }).trim().max(EMAIL_MAX, `${label}过长`).email(`请填写正确的${label}`);
}

/**
 * A string of decimal digits becomes its number (query strings and forms send strings; the sign is
 * kept so min() refuses it with its own message); anything else stays as it came, for z.number() to
 * accept only a real JSON number. Number() alone would read "0x10" as 16, "1e1" as 10, "" as 0,
 * true as 1 and [5] as 5.
 */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v);

/** An integer: a whole JSON number or a string of decimal digits, nothing else. */
export function int(label: string, opts: { min: number; max: number; tooSmall?: string; tooLarge?: string }) {
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(opts.min, opts.tooSmall ?? `${label}不能小于 ${opts.min}`)
      .max(opts.max, opts.tooLarge ?? `${label}不能大于 ${opts.max}`),
  );
}

/**
 * A database id a caller names in a body or a query (a product, an address, a coupon …): a whole
 * number in the id columns' range, 1 … DB_INT_MAX (int4), else a 400 naming it. One past the range
 * would otherwise reach PostgreSQL and fail there as "out of range for type integer". A path's id
 * is parseId's (lib/server/db/id.ts), where anything else is a 404.
 */
export function dbId(label: string) {
  return z.preprocess(
    digitsToNumber,
    z.number({ error: `${label}编号不正确` }).refine((n) => Number.isInteger(n) && n >= 1 && n <= DB_INT_MAX, `${label}编号不正确`),
  );
}

export function oneOf<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `请选择${label}` });
}

/** ?page=&pageSize= of every table and list (PAGE_SIZES, DEFAULT_PAGE_SIZE: docs/rules.md#page-sizes); bad values fall back. */
export const pageFields = {
  page: z.preprocess(digitsToNumber, z.number().int().min(1).max(10_000)).catch(1).default(1),
  pageSize: pageSizeField(PAGE_SIZES, DEFAULT_PAGE_SIZE),
};

/** A page size among `sizes` (bad values fall back to `fallback`). */
export function pageSizeField(sizes: readonly number[], fallback: number) {
  return z
    .preprocess(digitsToNumber, z.number().refine((n) => sizes.includes(n)))
    .catch(fallback)
    .default(fallback);
}

/** A carrier from the list and its waybill number (发货, 换新发出, the shopper's 寄回). */
export const waybillSchema = z.object({
  carrier: z.enum(CARRIERS, { error: '请选择快递公司' }),
  trackingNo: z
    .string({ error: '请填写运单号' })
    .trim()
    .toUpperCase()
    .min(1, '请填写运单号')
    .regex(new RegExp(`^[A-Z0-9]{${TRACKING_NO_MIN},${TRACKING_NO_MAX}}$`), `运单号应为 ${TRACKING_NO_MIN}–${TRACKING_NO_MAX} 位字母或数字`),
});

/** An empty or blank query value is a value not given. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** 2025-01-31: a real calendar day (within `earliest` … `latest`, when given), optional; blank is not given. */
export function calendarDay(label: string, earliest?: string, latest?: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确，应为 2025-01-31`)
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, `${label}不是有效的日期`)
      .refine((s) => (!earliest || s >= earliest) && (!latest || s <= latest), `${label}只能在 ${earliest ?? '0000-01-01'} 至 ${latest ?? '9999-12-31'} 之间`)
      .optional(),
  );
}

/** The key a page makes once per visit, so an order sent twice is placed once (docs/decisions/retries.md). */
export const idempotencyKey = () =>
  z
    .string({ error: '请刷新页面后重新提交' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请刷新页面后重新提交');

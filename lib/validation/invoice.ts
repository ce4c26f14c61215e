/**
 * The invoice request (docs/rules.md#invoices): one schema for the form and the API, and the taxpayer-number
 * check of GB 32100-2015 (docs/rules.md#tax-number). Every message is Chinese and names its field.
 */
import { z } from 'zod';
import {
  INVOICE_BANK_ACCOUNT_MAX,
  INVOICE_BANK_ACCOUNT_MIN,
  INVOICE_BANK_NAME_MAX,
  INVOICE_REGISTERED_ADDRESS_MAX,
  INVOICE_REGISTERED_PHONE_MAX,
  INVOICE_REJECT_REASON_MAX,
  INVOICE_TITLE_MAX,
  TAX_NO_CHARSET,
  TAX_NO_LENGTH,
  TAX_NO_WEIGHTS,
} from '../domain/invoice-rules';
import { EMAIL_MAX } from '../domain/account-rules';
import { INVOICE_STATUSES, INVOICE_TITLE_TYPES, INVOICE_TYPES } from '../domain/invoice-status';
import { isValidPhone } from './phone';
import { optionalText, orderNo, pageFields, text } from './fields';

// ------------------------------------------------------------------ taxpayer number

/** Trimmed and upper-cased: 91350100m000100y43 is the same code as 91350100M000100Y43. */
function normalizeTaxNo(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The GB 32100-2015 check character of the first 17 characters, or null when one is not in the charset. */
export function taxNoCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < TAX_NO_WEIGHTS.length; i++) {
    const v = TAX_NO_CHARSET.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * TAX_NO_WEIGHTS[i];
  }
  return TAX_NO_CHARSET[(31 - (sum % 31)) % 31];
}

/** What is wrong with a 统一社会信用代码 (as typed; lower case is accepted), or null when it is valid. */
export function taxNoProblem(raw: string): string | null {
  const code = normalizeTaxNo(raw);
  if (!code) return '请填写纳税人识别号';
  if (code.length !== TAX_NO_LENGTH) return `纳税人识别号应为 ${TAX_NO_LENGTH} 位统一社会信用代码`;
  if (![...code].every((c) => TAX_NO_CHARSET.includes(c))) return '纳税人识别号只能包含数字和大写字母（不含 I、O、S、V、Z）';
  if (taxNoCheckChar(code.slice(0, 17)) !== code[17]) return '纳税人识别号校验位不正确，请核对';
  return null;
}

export function isValidTaxNo(raw: string): boolean {
  return taxNoProblem(raw) === null;
}

// ------------------------------------------------------------------ the request

/** An optional one-line field: line breaks, tabs and other control characters have no place on an invoice. */
const plain = (label: string, max: number) => optionalText(label, max, { oneLine: true });

export const INVOICE_FIELD_LABEL = {
  orderNo: '订单编号',
  invoiceType: '发票类型',
  titleType: '抬头类型',
  title: '发票抬头',
  taxNo: '纳税人识别号',
  email: '接收邮箱',
  registeredAddress: '注册地址',
  registeredPhone: '注册电话',
  bankName: '开户银行',
  bankAccount: '银行账号',
} as const;

export type InvoiceField = keyof typeof INVOICE_FIELD_LABEL;
export const INVOICE_FIELDS = Object.keys(INVOICE_FIELD_LABEL) as InvoiceField[];

/** The four fields an 增值税专用发票 needs besides the company title and its taxpayer number. */
export const SPECIAL_FIELDS = ['registeredAddress', 'registeredPhone', 'bankName', 'bankAccount'] as const;

const L = INVOICE_FIELD_LABEL;

const base = z.object({
  orderNo: orderNo('请选择要开票的订单'),
  invoiceType: z.enum(INVOICE_TYPES, { error: `请选择${L.invoiceType}` }),
  titleType: z.enum(INVOICE_TITLE_TYPES, { error: `请选择${L.titleType}` }),
  title: text(L.title, { max: INVOICE_TITLE_MAX, oneLine: true }),
  taxNo: z.string({ error: `${L.taxNo}格式不正确` }).optional().default('').transform(normalizeTaxNo),
  email: z
    .string({ error: `请填写${L.email}` })
    .trim()
    .min(1, `请填写${L.email}`)
    .max(EMAIL_MAX, `${L.email}过长`)
    .pipe(z.email(`请填写正确的${L.email}`)),
  registeredAddress: plain(L.registeredAddress, INVOICE_REGISTERED_ADDRESS_MAX),
  registeredPhone: plain(L.registeredPhone, INVOICE_REGISTERED_PHONE_MAX).refine((s) => s === '' || isValidPhone(s), `请填写正确的${L.registeredPhone}`),
  bankName: plain(L.bankName, INVOICE_BANK_NAME_MAX),
  bankAccount: z
    .string({ error: `${L.bankAccount}格式不正确` })
    .optional()
    .default('')
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine(
      (s) => s === '' || new RegExp(`^\\d{${INVOICE_BANK_ACCOUNT_MIN},${INVOICE_BANK_ACCOUNT_MAX}}$`).test(s),
      `${L.bankAccount}应为 ${INVOICE_BANK_ACCOUNT_MIN}–${INVOICE_BANK_ACCOUNT_MAX} 位数字`,
    ),
});

/**
 * The request of one invoice. Company titles need a valid taxpayer number; an 增值税专用发票 needs a
 * company title and the registered address, phone, bank and account. A personal title keeps no
 * taxpayer number or company fields (they are dropped, never stored).
 */
export const invoiceRequestSchema = base
  .superRefine((v, ctx) => {
    if (v.titleType === 'company') {
      const problem = taxNoProblem(v.taxNo ?? '');
      if (problem) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: problem });
    }
    if (v.invoiceType === 'special') {
      if (v.titleType !== 'company') ctx.addIssue({ code: 'custom', path: ['titleType'], message: '增值税专用发票仅限单位抬头，请选择单位' });
      for (const f of SPECIAL_FIELDS) {
        if (!v[f]) ctx.addIssue({ code: 'custom', path: [f], message: `开具增值税专用发票请填写${L[f]}` });
      }
    }
  })
  .transform((v) => {
    const company = v.titleType === 'company';
    const keep = (s: string) => (company && s ? s : null);
    return {
      orderNo: v.orderNo,
      invoiceType: v.invoiceType,
      titleType: v.titleType,
      title: v.title,
      taxNo: company ? v.taxNo : null,
      email: v.email,
      registeredAddress: keep(v.registeredAddress),
      registeredPhone: keep(v.registeredPhone),
      bankName: keep(v.bankName),
      bankAccount: keep(v.bankAccount),
    };
  });

export type InvoiceRequest = z.output<typeof invoiceRequestSchema>;

// ------------------------------------------------------------------ lists and the console

/** GET /invoices: page and pageSize as every table, optionally one state. */
export const invoiceListSchema = z.object({
  ...pageFields,
  status: z.enum(INVOICE_STATUSES).optional().catch(undefined),
});

/** The console's queues: invoices waiting to be issued, or issued ones waiting for their 红冲. */
export const pendingInvoiceListSchema = z.object({
  ...pageFields,
  queue: z.enum(['issue', 'reversal']).catch('issue').default('issue'),
});

export const invoiceRejectReasonSchema = text('驳回原因', { max: INVOICE_REJECT_REASON_MAX, oneLine: true });

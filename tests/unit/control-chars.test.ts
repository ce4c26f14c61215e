/**
 * Control characters in the schemas of lib/validation: a text field refuses them with a message
 * naming it (a multi-line one keeps \n and \t), a search drops them; no schema ever lets one through.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressSchema } from '@/lib/validation/address';
import { auditQuerySchema, adminOrderQuerySchema, invoiceRejectSchema, operatorCancelSchema, operatorRefundSchema, productUpdateSchema } from '@/lib/validation/admin';
import { changePasswordSchema, loginSchema, passwordSchema, profileSchema } from '@/lib/validation/auth';
import { CONTROL, stripControl } from '@/lib/domain/control-chars';
import { invoiceRequestSchema } from '@/lib/validation/invoice';
import { leadSchema } from '@/lib/validation/lead';
import { createOrderSchema } from '@/lib/validation/order';
import { productQuerySchema } from '@/lib/validation/catalog';

const PRODUCT = { name: '量盾耳机', subtitle: '降噪', description: '说明', images: [{ src: '/images/products/a.png', alt: '耳机正面', width: 800, height: 800 }], onSale: true, version: '1' };
const ADDRESS = { name: '张三', tel: '13800138000', province: '安徽省', city: '合肥市', county: '蜀山区', areaCode: '340104', addressDetail: '科学大道 909 号' };
const LEAD = { name: '张三', company: '量盾', phone: '13800138000', email: 'a@example.cn', product: '量子会议', message: '需求' };
const INVOICE = {
  orderNo: '20260101120000123456',
  invoiceType: 'special',
  titleType: 'company',
  title: '量盾量子安全科技有限公司',
  taxNo: '91350100M000100Y43',
  email: 'a@example.cn',
  registeredAddress: '合肥市科学大道 909 号',
  registeredPhone: '0551-65550909',
  bankName: '中国银行合肥分行',
  bankAccount: '6222021234567890123',
};

type Field = { schema: z.ZodType; sample: Record<string, unknown>; path: (string | number)[]; label: string; multiLine?: boolean };

/** Every free-text field: where it is, its label, and whether it may span lines. */
const FIELDS: Field[] = [
  { schema: profileSchema, sample: { nickname: '小张' }, path: ['nickname'], label: '昵称' },
  { schema: addressSchema, sample: ADDRESS, path: ['name'], label: '姓名' },
  { schema: addressSchema, sample: ADDRESS, path: ['province'], label: '地区' },
  { schema: addressSchema, sample: ADDRESS, path: ['city'], label: '地区' },
  { schema: addressSchema, sample: ADDRESS, path: ['county'], label: '地区' },
  { schema: addressSchema, sample: ADDRESS, path: ['addressDetail'], label: '详细地址', multiLine: true },
  { schema: leadSchema, sample: LEAD, path: ['name'], label: '姓名' },
  { schema: leadSchema, sample: LEAD, path: ['company'], label: '单位名称' },
  { schema: leadSchema, sample: LEAD, path: ['message'], label: '需求描述', multiLine: true },
  { schema: createOrderSchema, sample: { fromCart: true, remark: '请尽快发货', idempotencyKey: 'abcdefgh12' }, path: ['remark'], label: '订单备注', multiLine: true },
  { schema: productUpdateSchema, sample: PRODUCT, path: ['name'], label: '商品名称' },
  { schema: productUpdateSchema, sample: PRODUCT, path: ['subtitle'], label: '副标题' },
  { schema: productUpdateSchema, sample: PRODUCT, path: ['description'], label: '商品描述', multiLine: true },
  { schema: productUpdateSchema, sample: PRODUCT, path: ['images', 0, 'alt'], label: '图片说明' },
  { schema: operatorCancelSchema, sample: { reason: '缺货' }, path: ['reason'], label: '取消原因' },
  { schema: operatorRefundSchema, sample: { reason: '退货' }, path: ['reason'], label: '退款原因' },
  { schema: invoiceRejectSchema, sample: { reason: '抬头有误' }, path: ['reason'], label: '驳回原因' },
  { schema: invoiceRequestSchema, sample: INVOICE, path: ['title'], label: '发票抬头' },
  { schema: invoiceRequestSchema, sample: INVOICE, path: ['registeredAddress'], label: '注册地址' },
  { schema: invoiceRequestSchema, sample: INVOICE, path: ['bankName'], label: '开户银行' },
  { schema: auditQuerySchema, sample: { entity: 'order', entityId: '20260101120000123456' }, path: ['entityId'], label: '对象编号' },
];

/** A deep copy of `sample` with the string at `path` changed by `f` (the tests put a character inside: trim() would drop one at the end). */
function withValue(sample: Record<string, unknown>, path: (string | number)[], f: (v: string) => string): Record<string, unknown> {
  const copy = structuredClone(sample);
  let at = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  at[last] = f(String(at[last]));
  return copy;
}

/** Every bidirectional control a person might paste: embeddings and overrides, isolates, marks. */
const BIDI_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe('every text field', () => {
  it.each(FIELDS.map((f) => [`${f.label} (${f.path.join('.')})`, f] as const))('%s: the sample is valid', (_, f) => {
    expect(firstMessage(f.schema, f.sample)).toBeNull();
  });

  it.each(FIELDS.map((f) => [`${f.label} (${f.path.join('.')})`, f] as const))('%s: NUL, DEL, C1, ESC and U+2028 are refused, naming the field', (_, f) => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029']) {
      expect(firstMessage(f.schema, withValue(f.sample, f.path, (v) => `${v.slice(0, 1)}${c}${v.slice(1)}`)), JSON.stringify(c)).toBe(`${f.label}不能包含控制字符`);
    }
  });

  it.each(FIELDS.map((f) => [`${f.label} (${f.path.join('.')})`, f] as const))('%s: a line feed or tab inside is kept only in a multi-line field', (_, f) => {
    for (const c of ['\n', '\t']) {
      const message = firstMessage(f.schema, withValue(f.sample, f.path, (v) => `${v.slice(0, 1)}${c}${v.slice(1)}`));
      expect(message, JSON.stringify(c)).toBe(f.multiLine ? null : `${f.label}不能包含换行或控制字符`);
    }
  });

  // What a person writes; the console's 对象编号 filter is a search, not text kept.
  it.each(FIELDS.filter((f) => f.path[0] !== 'entityId').map((f) => [`${f.label} (${f.path.join('.')})`, f] as const))('%s: bidirectional controls (U+202E …) are dropped, the rest kept', (_, f) => {
    for (const c of BIDI_CONTROLS) {
      const r = f.schema.safeParse(withValue(f.sample, f.path, (v) => `${v.slice(0, 1)}${c}${v.slice(1)}`));
      expect(r.success, JSON.stringify(c)).toBe(true);
      let at: unknown = r.data;
      for (const k of f.path) at = (at as Record<string | number, unknown>)[k];
      let want: unknown = f.sample;
      for (const k of f.path) want = (want as Record<string | number, unknown>)[k];
      expect(at, JSON.stringify(c)).toBe(want);
    }
  });

  it('a new password with a control character is refused', () => {
    expect(firstMessage(passwordSchema, 'abc\u0000def123')).toBe('密码不能包含控制字符');
    expect(firstMessage(passwordSchema, 'abcdef123')).toBeNull();
  });
});

describe('no schema lets a NUL through, whatever the field', () => {
  const SAMPLES: [string, z.ZodType, Record<string, unknown>][] = [
    ['profile', profileSchema, { nickname: '小张', email: 'a@example.cn' }],
    ['address', addressSchema, ADDRESS],
    ['lead', leadSchema, LEAD],
    ['invoice', invoiceRequestSchema, INVOICE],
    ['personal invoice', invoiceRequestSchema, { ...INVOICE, invoiceType: 'normal', titleType: 'personal', title: '张三' }],
    ['order', createOrderSchema, { fromCart: true, remark: '备注', idempotencyKey: 'abcdefgh12' }],
    ['product', productUpdateSchema, PRODUCT],
    ['login', loginSchema, { phone: '13800138000', code: '123456', agree: true }],
    ['password change', changePasswordSchema, { newPassword: 'abcdef123', code: '123456' }],
    ['admin order filter', adminOrderQuerySchema, { status: 'paid', orderNo: '2026', phone: '138', from: '2026-01-01', to: '2026-01-02' }],
    ['audit', auditQuerySchema, { entity: 'order', entityId: '1' }],
  ];

  it.each(SAMPLES)('%s: a NUL in any string field is refused or dropped', (_, schema, sample) => {
    expect(firstMessage(schema, sample)).toBeNull();
    for (const key of Object.keys(sample).filter((k) => typeof sample[k] === 'string')) {
      for (const at of ['start', 'middle', 'end'] as const) {
        const input = withValue(sample, [key], (v) => (at === 'start' ? `\u0000${v}` : at === 'end' ? `${v}\u0000` : `${v.slice(0, 1)}\u0000${v.slice(1)}`));
        const r = schema.safeParse(input);
        if (r.success) expect(JSON.stringify(r.data), `${key} (${at})`).not.toMatch(/\\u0000/);
        else expect(r.error.issues[0].message, `${key} (${at})`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});

describe('search terms drop control characters', () => {
  it('stripControl drops every control character (the same set CONTROL names) and nothing else', () => {
    expect(stripControl('量\u0000子\t耳\n机\u007f\u0085\u2028')).toBe('量子耳机');
    expect(stripControl('量子 耳机 <x> 🔐')).toBe('量子 耳机 <x> 🔐');
    for (let c = 0; c <= 0x2030; c++) expect(stripControl(String.fromCharCode(c)) === '', c.toString(16)).toBe(CONTROL.test(String.fromCharCode(c)));
  });

  it('?q= of /products, /ProductList and /Category', () => {
    expect(productQuerySchema.parse({ q: 'a\u0000b' }).q).toBe('ab');
    expect(productQuerySchema.parse({ q: ' \u0000量子\u0000 ' }).q).toBe('量子');
    expect(productQuerySchema.parse({ q: '\u0000\t' }).q).toBeUndefined();
  });

  it('the console order filters (order number, phone)', () => {
    const q = adminOrderQuerySchema.parse({ orderNo: '2026\u0000', phone: '13\u00008' });
    expect(q).toMatchObject({ orderNo: '2026', phone: '138' });
    expect(adminOrderQuerySchema.parse({ orderNo: '\u0000' }).orderNo).toBeUndefined();
  });
});

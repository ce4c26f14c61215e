/**
 * The invoice request schema and the taxpayer-number check (GB 32100-2015; docs/rules.md#tax-number),
 * the same code the form and the API run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVOICE_TITLE_MAX, SELLER_TAX_NO, TAX_NO_CHARSET } from '@/lib/domain/invoice-rules';
import { invoiceRequestSchema, isValidTaxNo, taxNoCheckChar, taxNoProblem } from '@/lib/validation/invoice';

const VALID = ['91350100M000100Y43', '91440300708461136T', SELLER_TAX_NO];

describe('taxpayer number (统一社会信用代码)', () => {
  it.each(VALID)('%s is valid', (code) => {
    expect(isValidTaxNo(code)).toBe(true);
    expect(taxNoProblem(code)).toBeNull();
  });

  it('lower case and surrounding spaces are accepted (upper-cased first)', () => {
    expect(isValidTaxNo('91350100m000100y43')).toBe(true);
    expect(isValidTaxNo('  91440300708461136t ')).toBe(true);
  });

  it('every other check character is refused', () => {
    for (const code of VALID) {
      for (const c of TAX_NO_CHARSET) {
        if (c === code[17]) continue;
        const wrong = code.slice(0, 17) + c;
        expect(isValidTaxNo(wrong), wrong).toBe(false);
        expect(taxNoProblem(wrong)).toBe('纳税人识别号校验位不正确，请核对');
      }
    }
  });

  it('a wrong length is refused with the length in the message', () => {
    for (const code of ['91350100M000100Y4', '91350100M000100Y433', '9135', '91350100M000100Y43'.repeat(2)]) {
      expect(taxNoProblem(code)).toBe('纳税人识别号应为 18 位统一社会信用代码');
    }
    expect(taxNoProblem('')).toBe('请填写纳税人识别号');
  });

  it.each(['I', 'O', 'S', 'V', 'Z'])('the letter %s is not in the charset', (letter) => {
    const code = `91350100M000100${letter}43`;
    expect(isValidTaxNo(code)).toBe(false);
    expect(taxNoProblem(code)).toMatch(/只能包含数字和大写字母（不含 I、O、S、V、Z）/);
    expect(isValidTaxNo(`${letter}1350100M000100Y43`)).toBe(false);
  });

  it('any 17 characters of the charset plus their check character pass; changing one character fails', () => {
    const ch = fc.constantFrom(...TAX_NO_CHARSET);
    fc.assert(
      fc.property(fc.array(ch, { minLength: 17, maxLength: 17 }), fc.nat(16), fc.nat(30), (chars, pos, shift) => {
        const first = chars.join('');
        const code = first + taxNoCheckChar(first)!;
        expect(isValidTaxNo(code)).toBe(true);
        const i = TAX_NO_CHARSET.indexOf(code[pos]);
        const other = TAX_NO_CHARSET[(i + 1 + shift) % 31];
        if (other === code[pos]) return;
        const changed = code.slice(0, pos) + other + code.slice(pos + 1);
        expect(isValidTaxNo(changed)).toBe(false); // a single substitution always changes the sum mod 31
      }),
    );
  });
});

const ORDER_NO = '20261123091500123456';
const company = {
  orderNo: ORDER_NO,
  invoiceType: 'normal',
  titleType: 'company',
  title: '福建某某科技有限公司',
  taxNo: '91350100M000100Y43',
  email: 'finance@example.com',
};
const special = {
  ...company,
  invoiceType: 'special',
  registeredAddress: '福州市鼓楼区五四路 1 号',
  registeredPhone: '0591-88888888',
  bankName: '中国工商银行福州分行',
  bankAccount: '6222 0000 1111 2222',
};

function messages(input: unknown): Record<string, string> {
  const r = invoiceRequestSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('invoiceRequestSchema', () => {
  it('a personal 普通发票 needs a title and an e-mail; its taxpayer number and company fields are dropped', () => {
    const r = invoiceRequestSchema.parse({ orderNo: ORDER_NO, invoiceType: 'normal', titleType: 'personal', title: ' 张三 ', taxNo: 'x', email: 'a@b.cn', bankName: '某银行' });
    expect(r).toEqual({
      orderNo: ORDER_NO,
      invoiceType: 'normal',
      titleType: 'personal',
      title: '张三',
      taxNo: null,
      email: 'a@b.cn',
      registeredAddress: null,
      registeredPhone: null,
      bankName: null,
      bankAccount: null,
    });
  });

  it('a company title needs a valid taxpayer number (upper-cased)', () => {
    expect(invoiceRequestSchema.parse({ ...company, taxNo: '91350100m000100y43' }).taxNo).toBe('91350100M000100Y43');
    expect(messages({ ...company, taxNo: '' })).toEqual({ taxNo: '请填写纳税人识别号' });
    expect(messages({ ...company, taxNo: '91350100M000100Y44' })).toEqual({ taxNo: '纳税人识别号校验位不正确，请核对' });
  });

  it('an 增值税专用发票 needs a company title and the four registration fields', () => {
    const r = invoiceRequestSchema.parse(special);
    expect(r.bankAccount).toBe('6222000011112222');
    expect(messages({ ...special, titleType: 'personal' })).toEqual({ titleType: '增值税专用发票仅限单位抬头，请选择单位' });
    expect(messages({ ...company, invoiceType: 'special' })).toEqual({
      registeredAddress: '开具增值税专用发票请填写注册地址',
      registeredPhone: '开具增值税专用发票请填写注册电话',
      bankName: '开具增值税专用发票请填写开户银行',
      bankAccount: '开具增值税专用发票请填写银行账号',
    });
    expect(messages({ ...special, registeredPhone: '12345' })).toEqual({ registeredPhone: '请填写正确的注册电话' });
    expect(messages({ ...special, bankAccount: '6222-abc' })).toEqual({ bankAccount: '银行账号应为 8–32 位数字' });
  });

  it(`the title: required, at most ${INVOICE_TITLE_MAX} characters, one line`, () => {
    expect(messages({ ...company, title: '  ' })).toEqual({ title: '请填写发票抬头' });
    expect(invoiceRequestSchema.safeParse({ ...company, title: '字'.repeat(INVOICE_TITLE_MAX) }).success).toBe(true);
    expect(messages({ ...company, title: '字'.repeat(INVOICE_TITLE_MAX + 1) })).toEqual({ title: `发票抬头不能超过 ${INVOICE_TITLE_MAX} 个字` });
    expect(messages({ ...company, title: '某公司\n第二行' })).toEqual({ title: '发票抬头不能包含换行或控制字符' });
  });

  it('the e-mail, the type and the order number name their field', () => {
    expect(messages({ ...company, email: '' })).toEqual({ email: '请填写接收邮箱' });
    expect(messages({ ...company, email: 'not-mail' })).toEqual({ email: '请填写正确的接收邮箱' });
    expect(messages({ ...company, invoiceType: 'other' })).toEqual({ invoiceType: '请选择发票类型' });
    expect(messages({ ...company, titleType: undefined })).toMatchObject({ titleType: '请选择抬头类型' });
    expect(messages({ ...company, orderNo: '123' })).toEqual({ orderNo: '订单编号不正确' });
  });

  it('every message is Chinese', () => {
    const all = messages({ orderNo: 1, invoiceType: 'x', titleType: 'y', title: '', email: 'z', bankAccount: 'q' });
    expect(Object.keys(all).length).toBeGreaterThan(3);
    for (const m of Object.values(all)) expect(m).toMatch(/[\u4e00-\u9fff]/);
  });
});

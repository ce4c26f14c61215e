import { describe, expect, it } from 'vitest';
import { leadSchema, LEAD_PRODUCTS } from '@/lib/validation/lead';

const valid = {
  name: '张三',
  company: '合肥量子测试有限公司',
  phone: '13800138000',
  email: 'zhang@example.cn',
  product: '量子邮箱',
  seats: '50',
  message: '需要 50 人规模的私有化部署',
};

const HAN = /[\u4e00-\u9fff]/;

function messagesOf(input: unknown): string[] {
  const r = leadSchema.safeParse(input);
  expect(r.success).toBe(false);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('leadSchema', () => {
  it('accepts a complete lead and coerces seats', () => {
    const r = leadSchema.parse(valid);
    expect(r).toMatchObject({ name: '张三', seats: 50, product: '量子邮箱' });
    expect(LEAD_PRODUCTS).toContain(r.product);
  });

  it('accepts the optional fields left empty', () => {
    expect(leadSchema.safeParse({ ...valid, email: '', seats: '', message: undefined }).success).toBe(true);
    expect(leadSchema.safeParse({ ...valid, phone: '010-12345678' }).success).toBe(true);
  });

  it.each([
    [{ name: '' }, '请填写姓名'],
    [{ name: '   ' }, '请填写姓名'],
    [{ name: '张'.repeat(41) }, '姓名不能超过 40 个字'],
    [{ company: '' }, '请填写单位名称'],
    [{ phone: '12345' }, '请填写正确的电话'],
    [{ phone: '' }, '请填写正确的电话'],
    [{ email: 'not-an-email' }, '请填写正确的邮箱'],
    [{ product: '别的' }, '请选择意向产品'],
    [{ seats: '0' }, '使用人数不能小于 1'],
    [{ seats: 'abc' }, '使用人数必须是数字'],
    [{ message: '字'.repeat(1001) }, '需求描述不能超过 1000 个字'],
  ])('%j → %s', (patch, message) => {
    expect(messagesOf({ ...valid, ...patch })).toEqual([message]);
  });

  it('every message of an empty form is Chinese and names its field', () => {
    const r = leadSchema.safeParse({});
    expect(r.success).toBe(false);
    const labels: Record<string, string> = { name: '姓名', company: '单位名称', phone: '电话', product: '意向产品' };
    for (const issue of r.error!.issues) {
      const field = String(issue.path[0]);
      expect(issue.message, field).toMatch(HAN);
      expect(issue.message, field).toContain(labels[field]);
    }
    expect(r.error!.issues.map((i) => String(i.path[0])).sort()).toEqual(['company', 'name', 'phone', 'product']);
  });

  it('wrong types still get Chinese messages naming the field', () => {
    for (const m of messagesOf({ ...valid, name: 42, company: null, phone: 13800138000 })) expect(m).toMatch(HAN);
    expect(messagesOf({ ...valid, name: 42 })[0]).toContain('姓名');
  });
});

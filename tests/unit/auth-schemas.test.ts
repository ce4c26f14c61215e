/** lib/validation/auth.ts: the rules (docs/rules.md#passwords, #profile) shared by the login forms and the API. */
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  CONSENT_MESSAGE,
  loginSchema,
  PASSWORD_RULE_MESSAGE,
  passwordSchema,
  phoneLoginSchema,
  profileSchema,
  smsCodeRequestSchema,
} from '@/lib/validation/auth';

function message(r: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return r.success ? undefined : r.error!.issues[0].message;
}

describe('passwordSchema', () => {
  it('the rule message', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe('密码需为 8–32 位，且包含字母和数字');
  });

  it.each(['abcdefg1', 'A1234567', 'pass word 1', 'a'.repeat(31) + '1', '密码abc12345'])('%j is accepted', (p) => {
    expect(passwordSchema.safeParse(p).success).toBe(true);
  });

  it.each([
    ['abc1234', 'too short (7)'],
    ['a'.repeat(32) + '1', 'too long (33)'],
    ['abcdefgh', 'no digit'],
    ['12345678', 'no letter'],
    ['', 'empty'],
    [12345678, 'not a string'],
    [undefined, 'missing'],
  ] as [unknown, string][])('%j is refused with the rule message (%s)', (p, _why) => {
    const r = passwordSchema.safeParse(p);
    expect(r.success).toBe(false);
    expect(message(r)).toBe(PASSWORD_RULE_MESSAGE);
  });
});

describe('mobile numbers', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['+8613800138000', '13800138000'],
    ['8613800138000', '13800138000'],
    [' 13900139000 ', '13900139000'],
    [' +8619912345678', '19912345678'],
  ])('%j → %j', (input, phone) => {
    expect(smsCodeRequestSchema.parse({ phone })).toEqual({ phone });
    expect(smsCodeRequestSchema.parse({ phone: input })).toEqual({ phone });
  });

  it.each(['', '1380013800', '138001380001', '23800138000', '010-12345678', '+85213800138000', '+86 13800138000', null, 13800138000])(
    '%j is refused: 请填写正确的手机号',
    (phone) => {
      const r = smsCodeRequestSchema.safeParse({ phone });
      expect(r.success).toBe(false);
      expect(message(r)).toBe('请填写正确的手机号');
    },
  );

  it('a missing phone is refused in Chinese', () => {
    expect(message(smsCodeRequestSchema.safeParse({}))).toBe('请填写正确的手机号');
  });
});

describe('login', () => {
  it('phone + 6-digit code', () => {
    expect(loginSchema.parse({ phone: '+8613800138000', code: ' 012345 ', agree: true })).toEqual({ phone: '13800138000', code: '012345', agree: true });
  });

  it('phone + password', () => {
    expect(loginSchema.parse({ phone: '13800138000', password: 'abc12345', agree: true })).toEqual({ phone: '13800138000', password: 'abc12345', agree: true });
  });

  it.each([undefined, false, 'true', 1, null])('agree %j → the consent message, before anything else', (agree) => {
    expect(message(loginSchema.safeParse({ phone: '13800138000', code: '012345', agree }))).toBe(CONSENT_MESSAGE);
    expect(message(loginSchema.safeParse({ phone: '1', code: '1', agree }))).toBe(CONSENT_MESSAGE);
  });

  it.each(['12345', '1234567', 'abcdef', '12 345'])('code %j → 请输入 6 位验证码', (code) => {
    expect(message(phoneLoginSchema.safeParse({ phone: '13800138000', code }))).toBe('请输入 6 位验证码');
  });

  it('neither code nor password → refused with a Chinese message', () => {
    const r = loginSchema.safeParse({ phone: '13800138000', agree: true });
    expect(r.success).toBe(false);
    expect(message(r)).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('profile', () => {
  it('trims, defaults, allows an empty email', () => {
    expect(profileSchema.parse({ nickname: ' 小明 ', email: '' })).toEqual({ nickname: '小明', email: '' });
    expect(profileSchema.parse({})).toEqual({ nickname: '', email: '' });
    expect(profileSchema.parse({ nickname: '小明', email: null })).toEqual({ nickname: '小明', email: '' });
  });

  it('a nickname of 21 characters names 昵称', () => {
    expect(profileSchema.safeParse({ nickname: '字'.repeat(20) }).success).toBe(true);
    expect(message(profileSchema.safeParse({ nickname: '字'.repeat(21) }))).toContain('昵称');
  });

  it.each(['bad', 'a@', '@b.cn', 'a b@c.cn'])('email %j → 请填写正确的邮箱', (email) => {
    expect(message(profileSchema.safeParse({ email }))).toContain('邮箱');
  });
});

describe('changePasswordSchema', () => {
  it('newPassword with a code or with the old password', () => {
    expect(changePasswordSchema.parse({ newPassword: 'abc12345', code: '123456' })).toEqual({ newPassword: 'abc12345', code: '123456' });
    expect(changePasswordSchema.parse({ newPassword: 'abc12345', oldPassword: 'x' })).toEqual({ newPassword: 'abc12345', oldPassword: 'x' });
  });

  it('a weak new password is refused with the rule message', () => {
    expect(message(changePasswordSchema.safeParse({ newPassword: 'short', code: '123456' }))).toBe(PASSWORD_RULE_MESSAGE);
  });

  it('neither code nor old password is refused', () => {
    expect(changePasswordSchema.safeParse({ newPassword: 'abc12345' }).success).toBe(false);
  });
});

/** Login, SMS code, password and profile rules: one schema each for the forms and the API. */
import { z } from 'zod';
import { EMAIL_MAX, NICKNAME_MAX, PASSWORD_INPUT_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../domain/account-rules';
import { SMS_CODE_LENGTH } from '../domain/sms-codes';
import { noControl, optionalText } from './fields';
import { normalizeMobile, isValidMobile } from './phone';

const mobile = z
  .string({ error: '请填写正确的手机号' })
  .trim()
  .refine(isValidMobile, '请填写正确的手机号')
  .transform(normalizeMobile);

export const SMS_CODE_MESSAGE = `请输入 ${SMS_CODE_LENGTH} 位验证码`;
const smsCode = z.string({ error: SMS_CODE_MESSAGE }).trim().regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), SMS_CODE_MESSAGE);

export const PASSWORD_RULE_MESSAGE = `密码需为 ${PASSWORD_MIN}–${PASSWORD_MAX} 位，且包含字母和数字`;
export const passwordSchema = noControl(
  z
    .string({ error: PASSWORD_RULE_MESSAGE })
    .min(PASSWORD_MIN, PASSWORD_RULE_MESSAGE)
    .max(PASSWORD_MAX, PASSWORD_RULE_MESSAGE)
    .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), PASSWORD_RULE_MESSAGE),
  '密码',
  { oneLine: true },
);

export const smsCodeRequestSchema = z.object({ phone: mobile });

export const phoneLoginSchema = z.object({ phone: mobile, code: smsCode });
export const passwordLoginSchema = z.object({
  phone: mobile,
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(PASSWORD_INPUT_MAX, '手机号或密码错误'),
});
/** The login form's consent box (docs/privacy.md#consent): every login carries `agree: true`. */
export const CONSENT_MESSAGE = '请先阅读并勾选同意《用户协议》和《隐私政策》';
const consentSchema = z.object({ agree: z.literal(true, { error: CONSENT_MESSAGE }) });

/** Either form of POST /auth/login, with the consent checked first (a missing tick costs no code attempt). */
export const loginSchema = consentSchema.and(z.union([phoneLoginSchema, passwordLoginSchema], { error: '请填写手机号和验证码或密码' }));

/** POST /user/deregister: the code sent to the account's own phone for this purpose. */
export const deregisterSchema = z.object({ code: smsCode });

export const profileSchema = z.object({
  nickname: optionalText('昵称', NICKNAME_MAX, { oneLine: true }),
  email: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.union([z.literal(''), z.string().trim().max(EMAIL_MAX, '邮箱过长').email('请填写正确的邮箱')], { error: '请填写正确的邮箱' }),
  ),
});

export const changePasswordSchema = z.union(
  [z.object({ newPassword: passwordSchema, code: smsCode }), z.object({ newPassword: passwordSchema, oldPassword: z.string().min(1, '请输入原密码').max(PASSWORD_INPUT_MAX) })],
  { error: '请填写新密码，以及原密码或验证码' },
);

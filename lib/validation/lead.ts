import { z } from 'zod';
import { LEAD_COMPANY_MAX, LEAD_MESSAGE_MAX, LEAD_NAME_MAX } from '../domain/lead-rules';
import { email, int, oneOf, optionalText, phone, text } from './fields';

export const LEAD_PRODUCTS = ['量子邮箱', '量子钉', '量子会议', '量子身份', '整体解决方案'] as const;

/** The /deployment form: one schema for the form and POST /api/v1/leads. */
export const leadSchema = z.object({
  name: text('姓名', { max: LEAD_NAME_MAX, oneLine: true }),
  company: text('单位名称', { max: LEAD_COMPANY_MAX, oneLine: true }),
  phone: phone(),
  email: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.union([z.literal(''), email()], { error: '请填写正确的邮箱' })),
  product: oneOf('意向产品', LEAD_PRODUCTS),
  seats: z.preprocess((v) => (v === '' || v === null ? undefined : v), int('使用人数', { min: 1, max: 1_000_000 }).optional()),
  message: optionalText('需求描述', LEAD_MESSAGE_MAX),
});


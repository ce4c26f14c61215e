/** The address form (docs/rules.md#addresses): one schema for the form and the API. */
import { z } from 'zod';
import { ADDRESS_DETAIL_MAX, ADDRESS_NAME_MAX } from '../domain/address-rules';
import { noControl, written } from './fields';
import { isValidPhone } from './phone';

export const ADDRESS_MESSAGES = {
  name: '请填写姓名',
  tel: '请填写正确的电话',
  area: '请选择地区',
  detail: '请填写详细地址',
} as const;

const region = noControl(written(ADDRESS_MESSAGES.area).trim().min(1, ADDRESS_MESSAGES.area).max(40, ADDRESS_MESSAGES.area), '地区', { oneLine: true });

export const addressSchema = z.object({
  name: noControl(written(ADDRESS_MESSAGES.name).trim().min(1, ADDRESS_MESSAGES.name).max(ADDRESS_NAME_MAX, `姓名不能超过 ${ADDRESS_NAME_MAX} 个字`), '姓名', { oneLine: true }),
  tel: z.string({ error: ADDRESS_MESSAGES.tel }).trim().refine(isValidPhone, ADDRESS_MESSAGES.tel),
  province: region,
  city: region,
  county: region,
  areaCode: z.string({ error: ADDRESS_MESSAGES.area }).regex(/^\d{6}$/, ADDRESS_MESSAGES.area),
  // A textarea: line breaks may stay.
  addressDetail: noControl(
    written(ADDRESS_MESSAGES.detail)
      .trim()
      .min(1, ADDRESS_MESSAGES.detail)
      .max(ADDRESS_DETAIL_MAX, `详细地址不能超过 ${ADDRESS_DETAIL_MAX} 个字`),
    '详细地址',
  ),
  isDefault: z.boolean({ error: '默认地址格式不正确' }).optional().default(false),
});


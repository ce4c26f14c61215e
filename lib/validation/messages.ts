/** The 消息中心's requests (docs/messages.md#api): the list's query, 已读, and 消息设置. */
import { z } from 'zod';
import { MESSAGE_CATEGORIES } from '../domain/messages';
import { dbId, pageFields } from './fields';

/** At most this many ids in one 已读 (a page is at most 100). */
const READ_IDS_MAX = 100;

const category = z.enum(MESSAGE_CATEGORIES, { error: '消息分类不正确' });

/** GET /messages?category=&page=&pageSize=: no category (or an empty one) is every category. */
export const messagesQuerySchema = z.object({
  category: z.preprocess((v) => (v === '' ? undefined : v), category.optional()),
  ...pageFields,
});

/** POST /messages/read: { ids } or { all: true } (optionally in one category). */
export const readMessagesSchema = z.union(
  [
    z.object({
      ids: z
        .array(dbId('消息编号'), { error: '请选择要标记已读的消息' })
        .min(1, '请选择要标记已读的消息')
        .max(READ_IDS_MAX, `一次最多标记 ${READ_IDS_MAX} 条消息`),
    }),
    z.object({ all: z.literal(true, { error: '请选择要标记已读的消息' }), category: category.optional() }),
  ],
  { error: '请选择要标记已读的消息' },
);

const smsSwitch = (label: string) => z.boolean({ error: `请选择${label}是否短信通知` });

/** PUT /messages/settings: every category's switch, as GET answers them. */
export const messageSettingsSchema = z.object(
  {
    sms: z.object(
      {
        trade: smsSwitch('交易物流'),
        aftersale: smsSwitch('售后退款'),
        promotion: smsSwitch('优惠促销'),
        service: smsSwitch('服务通知'),
      },
      { error: '消息设置格式不正确' },
    ),
  },
  { error: '消息设置格式不正确' },
);

/**
 * Every setting the shop reads from its environment, in one zod schema (docs/rules.md#environment,
 * where each has its line; .env.example lists them with their defaults). An empty value counts as
 * unset, as the shell scripts write `VAR=` to clear one. A value that cannot be read (a port that is
 * not a number, a SITE_URL that is not a URL) stops the start with the setting's name.
 */
import { z } from 'zod';
import { DEFAULT_SITE_URL, DEMO_CARRIER_STEP_S, ORDER_SWEEP_INTERVAL_MS } from './defaults';

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const text = () => z.preprocess(blankIsUnset, z.string().optional());
const textOr = (fallback: string) => z.preprocess(blankIsUnset, z.string().default(fallback));
const url = (message: string) => z.preprocess(blankIsUnset, z.url({ message }).optional());
/** A whole number ≥ min, `fallback` when unset. */
const int = (min: number, fallback: number, message: string) =>
  z.preprocess(blankIsUnset, z.coerce.number({ message }).int({ message }).min(min, { message }).default(fallback));
/** A whole number in min…max, left unset when unset: its default lives with its reader (lib/server/boot/limits.mjs). */
const bound = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
  const message = `${name} 必须是 ${min}${max === Number.MAX_SAFE_INTEGER ? ' 以上' : `–${max} 之间`}的整数`;
  return z.preprocess(blankIsUnset, z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).optional());
};

export const settingsSchema = z.object({
  // The shop
  SHOP_MODE: z.preprocess(blankIsUnset, z.enum(['demo', 'live'], { message: 'SHOP_MODE 只能是 demo 或 live' }).optional()),
  SITE_URL: z.preprocess(blankIsUnset, z.url({ message: 'SITE_URL 必须是完整网址，如 https://shop.example.cn' }).default(DEFAULT_SITE_URL)),
  ICP_BEIAN: text(),
  MAIL_HOSTS: text(),
  // The server (read by server.mjs's parts under lib/server/boot/, checked here)
  PORT: int(1, 3000, 'PORT 必须是端口号'),
  HOST: text(),
  TRUST_PROXY: text(),
  METRICS_TOKEN: text(),
  LOG_LEVEL: z.preprocess(blankIsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'LOG_LEVEL 只能是 fatal、error、warn、info、debug、trace 或 silent' }).optional()),
  NEXT_DIST_DIR: textOr('.next'),
  // What one request may cost an instance (read by lib/server/boot/limits.mjs, with their defaults; checked here too)
  REQUEST_DEADLINE_MS: bound('REQUEST_DEADLINE_MS', 100),
  ADMISSION_CONCURRENCY: bound('ADMISSION_CONCURRENCY', 1),
  ADMISSION_QUEUE: bound('ADMISSION_QUEUE', 0),
  ADMISSION_MAX_WAIT_MS: bound('ADMISSION_MAX_WAIT_MS', 0),
  LAG_SHED_MS: bound('LAG_SHED_MS', 1),
  RETRY_AFTER_S: bound('RETRY_AFTER_S', 1),
  WATCHDOG_MS: bound('WATCHDOG_MS', 500),
  DB_STATEMENT_TIMEOUT_MS: bound('DB_STATEMENT_TIMEOUT_MS', 0),
  DB_IDLE_IN_TRANSACTION_MS: bound('DB_IDLE_IN_TRANSACTION_MS', 0),
  ACCESS_LOG: z.preprocess(blankIsUnset, z.enum(['file', 'stdout', 'off'], { message: 'ACCESS_LOG 只能是 file、stdout 或 off' }).optional()),
  ACCESS_LOG_DIR: text(),
  ACCESS_LOG_DAYS: bound('ACCESS_LOG_DAYS', 184, 365),
  // Storage
  DATA_DIR: textOr('.data'),
  PGLITE_DIR: text(),
  DATABASE_URL: url('DATABASE_URL 必须是 postgres:// 网址'),
  DB_POOL_MAX: int(1, 10, 'DB_POOL_MAX 必须是正整数'),
  REDIS_URL: url('REDIS_URL 必须是 redis:// 网址'),
  APP_SECRET: text(),
  SEED: z.preprocess(blankIsUnset, z.enum(['on', 'off'], { message: 'SEED 只能是 on 或 off' }).default('on')),
  // Live providers (required in live mode: LIVE_REQUIRED below)
  SMS_WEBHOOK_URL: url('SMS_WEBHOOK_URL 必须是完整网址'),
  SMS_WEBHOOK_TOKEN: text(),
  WECHATPAY_APPID: text(),
  WECHATPAY_MCHID: text(),
  WECHATPAY_SERIAL: text(),
  WECHATPAY_PRIVATE_KEY: text(),
  WECHATPAY_PLATFORM_KEY_ID: text(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: text(),
  WECHATPAY_APIV3_KEY: text(),
  WECHATPAY_PAPAY_PLAN_ID: z.preprocess(blankIsUnset, z.string().regex(/^\d{1,18}$/, { message: 'WECHATPAY_PAPAY_PLAN_ID 必须是委托代扣模板 ID（数字）' }).optional()),
  WECHATPAY_BASE_URL: z.preprocess(blankIsUnset, z.url({ message: 'WECHATPAY_BASE_URL 必须是完整网址' }).default('https://api.mch.weixin.qq.com/')),
  ALIPAY_APP_ID: text(),
  ALIPAY_PRIVATE_KEY: text(),
  ALIPAY_PUBLIC_KEY: text(),
  ALIPAY_GATEWAY: z.preprocess(blankIsUnset, z.url({ message: 'ALIPAY_GATEWAY 必须是完整网址' }).default('https://openapi.alipay.com/gateway.do')),
  KUAIDI100_KEY: text(),
  KUAIDI100_CUSTOMER: text(),
  KUAIDI100_SALT: text(),
  KUAIDI100_SECRET: text(),
  ENTITLEMENT_KEYS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[a-z][a-z0-9-]{1,31}:[^,:\s]{32,}(?:,[a-z][a-z0-9-]{1,31}:[^,:\s]{32,})*$/, { message: 'ENTITLEMENT_KEYS 形如 mail:密钥,ding:密钥（每个密钥至少 32 个字符）' })
      .optional(),
  ),
  KUAIDI100_BASE_URL: z.preprocess(blankIsUnset, z.url({ message: 'KUAIDI100_BASE_URL 必须是完整网址' }).default('https://poll.kuaidi100.com')),
  // Demo mode
  DEMO_GATEWAY_URL: url('DEMO_GATEWAY_URL 必须是完整网址'),
  DEMO_CARRIER_STEP_S: int(1, DEMO_CARRIER_STEP_S, 'DEMO_CARRIER_STEP_S 必须是 ≥ 1 的整数（秒）'),
  // Written by server.mjs for the route handlers (lib/server/http/client-ip.ts), never set by hand.
  SHOP_PEER_HEADER: text(),
  // Test-only knobs: tests and the fault test set them; never in production.
  SWEEP_INTERVAL_MS: int(200, ORDER_SWEEP_INTERVAL_MS, 'SWEEP_INTERVAL_MS 必须是 ≥ 200 的整数（毫秒）'),
  SUPPORT_SESSION_CHECK_MS: int(200, 5_000, 'SUPPORT_SESSION_CHECK_MS 必须是 ≥ 200 的整数（毫秒）'),
  OUTBOX_HOLD_MS: int(0, 0, 'OUTBOX_HOLD_MS 必须是 ≥ 0 的整数（毫秒）'),
  OUTBOX_DELIVERY_LOG: text(),
  SMS_DELIVERY_LOG: text(),
  SHOP_TEST_HOOKS: z.preprocess(blankIsUnset, z.enum(['0', '1'], { message: 'SHOP_TEST_HOOKS 只能是 0 或 1' }).optional()),
});

export type Settings = Readonly<z.infer<typeof settingsSchema>>;
export type SettingName = keyof Settings;

/** What live mode cannot run without (docs/decisions/payments.md#live-mode, docs/tracking.md#live-mode). */
export const LIVE_REQUIRED = [
  'SITE_URL',
  'SMS_WEBHOOK_URL',
  'WECHATPAY_APPID',
  'WECHATPAY_MCHID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_KEY_ID',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PAPAY_PLAN_ID',
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PUBLIC_KEY',
  'KUAIDI100_KEY',
  'KUAIDI100_CUSTOMER',
  'KUAIDI100_SECRET',
  'ENTITLEMENT_KEYS',
] as const satisfies readonly SettingName[];

/** The providers' settings: any of them set means a live deployment is meant, so SHOP_MODE must be said. */
export const LIVE_KEY_PREFIXES = ['SMS_WEBHOOK_', 'WECHATPAY_', 'ALIPAY_', 'KUAIDI100_'] as const;

/**
 * What keeps the shop from starting (instrumentation.ts → lib/server/startup.ts): the settings'
 * values checked through the schema, and what live mode needs (docs/rules.md#environment).
 */
import { existsSync } from 'node:fs';
import { LIVE_KEY_PREFIXES, LIVE_REQUIRED, settingsSchema } from './schema';

type Env = Record<string, string | undefined>;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

const isSet = (env: Env, name: string) => (env[name] ?? '').trim() !== '';

/** PEM settings may name a file (file:///path): one that cannot be read is as missing as an empty one. */
const PEMS = ['WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PLATFORM_PUBLIC_KEY', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'];

/**
 * What keeps the shop from starting with `env`, one line per problem naming the setting (empty when
 * none): values that cannot be read; live mode without each of its settings; a provider's setting
 * present while SHOP_MODE is unset (a production start that forgot SHOP_MODE would otherwise open the
 * demo gateways, whose 确认支付 marks an order paid).
 */
export function settingsProblems(env: Env): string[] {
  const read = settingsSchema.safeParse(env);
  if (!read.success) return read.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
  const mode = read.data.SHOP_MODE;
  if (mode === 'live') {
    const missing = LIVE_REQUIRED.filter((name) => !isSet(env, name)).map((name) => `${name}: 实时模式（SHOP_MODE=live）必须设置 / required when SHOP_MODE=live`);
    // Payment notify and return URLs are built on it: the providers cannot reach a loopback address.
    if (isSet(env, 'SITE_URL') && LOOPBACK.test(new URL(read.data.SITE_URL).hostname)) {
      missing.push(`SITE_URL: 实时模式必须是对外的网址，而不是 ${read.data.SITE_URL} / must be the public address in live mode`);
    }
    const unreadable = PEMS.filter((name) => env[name]?.startsWith('file://') && !existsSync(env[name]!.slice(7))).map(
      (name) => `${name}: 文件 ${env[name]!.slice(7)} 不存在或不可读 / the file does not exist`,
    );
    return [...missing, ...unreadable];
  }
  if (mode === undefined) {
    const liveKeys = Object.keys(env).filter((name) => LIVE_KEY_PREFIXES.some((p) => name.startsWith(p)) && isSet(env, name));
    if (liveKeys.length) return [`SHOP_MODE: 已设置实时服务的参数（${liveKeys.sort().join(', ')}），必须明确写出 SHOP_MODE=live 或 SHOP_MODE=demo / provider settings are present: say SHOP_MODE=live or SHOP_MODE=demo`];
  }
  return [];
}

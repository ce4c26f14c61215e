/**
 * The rules the shop states in words (the FAQ, the guides, the footer, the product page, the
 * account screens, the forms) are written from the rules' constants (lib/domain/): these tests read
 * that copy and find the constants' values in it, and scan the sources for a rule value typed by
 * hand, so changing a rule's constant changes every sentence that states it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT } from '@/content/help/company';
import { FAQ_GROUPS } from '@/content/help/faq';
import { BUDS_GUIDE } from '@/content/help/buds-guide';
import { BUDS_GUIDE_EN } from '@/content/help/buds-guide-en';
import type { Guide, GuideBlock } from '@/content/help/types';
import { USER_GUIDE } from '@/content/help/user-guide';
import {
  AUTO_COMPLETE_RULE,
  FOOTER_PROMISES,
  FREE_SHIPPING_FROM,
  IN_STOCK_NOTE,
  PRODUCT_NOTES,
  REMARK_RULE,
  SHIPPING_FEE,
  SHIPPING_RULE,
  UNPAID_RULE,
} from '@/content/shop-rules';
import { AUTH_TOKEN_MAX_AGE_S } from '@/lib/web/sessions';
import { DISPATCH_HOURS, FREE_SHIPPING_FROM_FEN, SHIPPING_FEN } from '@/lib/domain/shipping';
import { EXCHANGE_DAYS, RETURN_DAYS } from '@/lib/domain/after-sale-rules';
import { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '@/lib/domain/account-rules';
import { REMARK_MAX, SHIPPED_AUTO_COMPLETE_DAYS, UNPAID_ORDER_TTL_MIN } from '@/lib/domain/order-rules';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_S, SMS_MAX_ATTEMPTS, SMS_RESEND_S } from '@/lib/domain/sms-codes';
import { TAX_NO_LENGTH } from '@/lib/domain/invoice-rules';
import { formatFen, formatFenShort } from '@/lib/domain/money';
import { PASSWORD_RULE_MESSAGE, passwordSchema, phoneLoginSchema, profileSchema } from '@/lib/validation/auth';
import { isValidMobile, isValidPhone } from '@/lib/validation/phone';

const blockText = (b: GuideBlock): string[] => {
  if (typeof b === 'string') return [b];
  if ('steps' in b) return b.steps;
  if ('list' in b) return b.list;
  if ('table' in b) return [b.table.caption, ...b.table.head, ...b.table.rows.flat()];
  return ['note' in b ? b.note : b.warn];
};

/** Every sentence a guide shows. */
function guideText(g: Guide): string {
  const sections = g.sections.flatMap((s) => [s.title, ...s.blocks.flatMap(blockText), ...(s.subsections ?? []).flatMap((sub) => [sub.title, ...sub.blocks.flatMap(blockText)])]);
  return [g.title, ...g.intro, ...sections].join('\n');
}

const faq = (question: RegExp) => {
  const item = FAQ_GROUPS.flatMap((g) => g.items).find((i) => question.test(i.question));
  if (!item) throw new Error(`no FAQ question matches ${question}`);
  return `${item.question}\n${item.answer}`;
};

describe('the copy states the rules of lib/domain/', () => {
  it('money in running text: whole yuan without .00', () => {
    expect(FREE_SHIPPING_FROM).toBe(formatFenShort(FREE_SHIPPING_FROM_FEN));
    expect(SHIPPING_FEE).toBe(formatFenShort(SHIPPING_FEN));
  });

  it('the FAQ: shipping, the time to pay, auto-completion, dispatch, returns, the taxpayer number', () => {
    const shipping = faq(/运费/);
    expect(shipping).toContain(`满 ${formatFenShort(FREE_SHIPPING_FROM_FEN)} 免运费`);
    expect(shipping).toContain(`收取 ${formatFenShort(SHIPPING_FEN)} 运费`);
    expect(faq(/多久内需要付款/)).toContain(`${UNPAID_ORDER_TTL_MIN} 分钟内完成付款`);
    expect(faq(/收到货后/)).toContain(`快递签收 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后（未收到签收信息时为发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后）系统会自动确认收货`);
    expect(faq(/多久发货/)).toContain(`${DISPATCH_HOURS} 小时内发货`);
    expect(faq(/无理由退货/)).toContain(`自签收之日起 ${RETURN_DAYS} 天内`);
    expect(faq(/保修政策/)).toContain(`${EXCHANGE_DAYS} 天内可换货`);
    expect(faq(/增值税专用发票需要/)).toContain(`（${TAX_NO_LENGTH} 位）`);
  });

  it('the shopping guide: SMS codes, login, remark, shipping table, time to pay, order states, returns', () => {
    const text = guideText(USER_GUIDE);
    expect(text).toContain(`${SMS_CODE_LENGTH} 位短信验证码`);
    expect(text).toContain(`验证码 ${SMS_CODE_TTL_S / 60} 分钟内有效`);
    expect(text).toContain(`输错 ${SMS_MAX_ATTEMPTS} 次后失效`);
    expect(text).toContain(`等待 ${SMS_RESEND_S} 秒`);
    expect(text).toContain(`登录状态保持 ${AUTH_TOKEN_MAX_AGE_S / 86_400} 天`);
    expect(text).toContain(`最多 ${REMARK_MAX} 字`);
    expect(text).toContain(`请在 ${UNPAID_ORDER_TTL_MIN} 分钟内完成付款`);
    expect(text).toContain(`签收 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后自动确认，未收到签收信息时为发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后`);
    expect(text).toContain(`${RETURN_DAYS} 天无理由退货`);
    expect(text).toContain(`${EXCHANGE_DAYS} 天换货`);
    const table = USER_GUIDE.sections.flatMap((s) => s.blocks).find((b) => typeof b === 'object' && 'table' in b && b.table.caption === '运费规则');
    expect(table).toMatchObject({
      table: { rows: expect.arrayContaining([[`设备类商品金额满 ${FREE_SHIPPING_FROM}`, '免运费'], [`设备类商品金额不满 ${FREE_SHIPPING_FROM}`, SHIPPING_FEE]]) },
    });
  });

  it('the earbuds guides and the after-sales steps', () => {
    expect(guideText(BUDS_GUIDE)).toContain(`${RETURN_DAYS} 天无理由退货`);
    expect(guideText(BUDS_GUIDE_EN)).toContain(`${RETURN_DAYS}-day no-reason return`);
    expect(CONTACT.afterSales.map((s) => s.text).join('\n')).toContain(`${RETURN_DAYS} 天内可退货，${EXCHANGE_DAYS} 天内可换货`);
  });

  it('the footer, the product page and the account screens', () => {
    expect(FOOTER_PROMISES.map((p) => p.title)).toEqual(['官方正品', `满 ${formatFenShort(FREE_SHIPPING_FROM_FEN)} 包邮`, `${RETURN_DAYS} 天无理由`, '电子发票']);
    expect(FOOTER_PROMISES[2].text).toBe(`未激活设备签收后 ${RETURN_DAYS} 天可退`);
    expect(PRODUCT_NOTES.device[0]).toBe(`订单满 ${FREE_SHIPPING_FROM} 顺丰包邮，否则运费 ${SHIPPING_FEE}`);
    expect(PRODUCT_NOTES.device[1]).toContain(`${RETURN_DAYS} 天无理由退货`);
    expect(IN_STOCK_NOTE).toBe(`现货，${DISPATCH_HOURS} 小时内顺丰发出`);
    expect(SHIPPING_RULE).toContain(`满 ${formatFen(FREE_SHIPPING_FROM_FEN)} 包邮，不满收取运费 ${formatFen(SHIPPING_FEN)}`);
    expect(UNPAID_RULE).toContain(`${UNPAID_ORDER_TTL_MIN} 分钟内完成支付`);
    expect(AUTO_COMPLETE_RULE).toContain(`快递签收 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后（未收到签收信息时为发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后）`);
    expect(REMARK_RULE).toContain(`不超过 ${REMARK_MAX} 字`);
  });
});

describe('the account limits of lib/domain/account-rules.ts are the schemas’ limits', () => {
  it('passwords: PASSWORD_MIN to PASSWORD_MAX characters, said in the rule message', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(`密码需为 ${PASSWORD_MIN}–${PASSWORD_MAX} 位，且包含字母和数字`);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(PASSWORD_MIN - 2)}`).success).toBe(true);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(PASSWORD_MIN - 3)}`).success).toBe(false);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(PASSWORD_MAX - 2)}`).success).toBe(true);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(PASSWORD_MAX - 1)}`).success).toBe(false);
  });

  it('nicknames up to NICKNAME_MAX characters; SMS codes of SMS_CODE_LENGTH digits', () => {
    expect(profileSchema.safeParse({ nickname: '字'.repeat(NICKNAME_MAX) }).success).toBe(true);
    expect(profileSchema.safeParse({ nickname: '字'.repeat(NICKNAME_MAX + 1) }).success).toBe(false);
    const code = phoneLoginSchema.shape.code;
    expect(code.safeParse('1'.repeat(SMS_CODE_LENGTH)).success).toBe(true);
    expect(code.safeParse('1'.repeat(SMS_CODE_LENGTH + 1)).success).toBe(false);
  });

  it('PHONE_MAX is the longest phone number the phone rule accepts (the fields cut at it)', () => {
    expect(isValidMobile(`+86${'1'.repeat(11)}`)).toBe(true);
    expect(`+86${'1'.repeat(11)}`).toHaveLength(PHONE_MAX);
    expect(isValidPhone(`0${'5'.repeat(PHONE_MAX - 1)}`)).toBe(true);
    expect(isValidPhone(`0${'5'.repeat(PHONE_MAX)}`)).toBe(false);
  });
});

// ------------------------------------------------------------------ no rule typed by hand

const ROOT = process.cwd();
const SCANNED = ['content', 'components', 'app/(shop)', 'app/admin'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** The code without its comments (a comment may quote a rule to explain it). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** What a rule looks like when its number is typed into a sentence instead of read from its constant. */
const HAND_TYPED: [string, RegExp][] = [
  ['a yuan amount (rules come from constants, prices from the catalog)', /[¥￥]\s?\d/],
  ['the time to pay', new RegExp(`${UNPAID_ORDER_TTL_MIN}\\s?分钟(内完成|内有效|未付款|未支付)`)],
  ['auto-completion', new RegExp(`发货\\s?${SHIPPED_AUTO_COMPLETE_DAYS}\\s?天`)],
  ['the return window', new RegExp(`${RETURN_DAYS}\\s?天(无理由|内|可退)|${RETURN_DAYS}-day`)],
  ['the exchange window', new RegExp(`${EXCHANGE_DAYS}\\s?天(内|换货)`)],
  ['the dispatch promise', new RegExp(`${DISPATCH_HOURS}\\s?小时内`)],
  ['the SMS code', new RegExp(`${SMS_CODE_LENGTH}\\s?位(短信)?验证码|验证码\\s?${SMS_CODE_TTL_S / 60}\\s?分钟|${SMS_RESEND_S}\\s?秒`)],
  ['a text limit', new RegExp(`最多\\s?(${REMARK_MAX}|${NICKNAME_MAX})\\s?个?字`)],
  ['the taxpayer number', new RegExp(`${TAX_NO_LENGTH}\\s?位`)],
  ['a field length (maxLength / minLength from a constant)', /(max|min)Length=\{\d/],
];

describe('no rule value is typed by hand in content, components or pages', () => {
  const files = SCANNED.flatMap((d) => sources(path.join(ROOT, d)));

  it('scans the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(HAND_TYPED)('%s', (_what, pattern) => {
    const found = files.flatMap((f) =>
      withoutComments(readFileSync(f, 'utf8'))
        .split('\n')
        .filter((line) => pattern.test(line))
        .map((line) => `${path.relative(ROOT, f)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

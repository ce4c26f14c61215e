/**
 * 在线客服's pure rules (docs/support.md): the shop's service hours in Beijing time, when the automatic
 * out-of-hours answer is due, its wording, the text limits and which links become clickable.
 */
import { AFTER_SALE_STATUS_LABEL, AFTER_SALE_TYPE_LABEL, type AfterSaleStatus, type AfterSaleType } from './after-sale';
import { INVOICE_STATUS_LABEL, type InvoiceStatus } from './invoice-status';
import { formatFen } from './money';
import { ORDER_STATUS_LABEL, type OrderStatus } from './order-status';
import { DAY_MS, HOUR_MS } from './shop-time';

/** The hours someone answers, Beijing time: 9:00–21:00 (the footer shows the same constant). */
const SUPPORT_OPEN_HOUR = 9;
const SUPPORT_CLOSE_HOUR = 21;
/** "9:00–21:00", as the footer and the conversation show the hours. */
export const SUPPORT_HOURS_TEXT = `${SUPPORT_OPEN_HOUR}:00–${SUPPORT_CLOSE_HOUR}:00`;
/** A message's text: at most this many characters. */
export const SUPPORT_TEXT_MAX = 500;
/** Photos in one message. */
export const SUPPORT_IMAGES_MAX = 4;
/** A shopper's messages an hour (photos included), counted under a lock. */
export const SUPPORT_MESSAGES_PER_HOUR = 60;
/** Earlier sessions loaded at a time by 查看更多历史消息 (the shopper's screen and the console). */
export const SUPPORT_HISTORY_PAGE = 3;
/** A conversation nobody wrote in for this long closes by itself. */
export const SUPPORT_IDLE_CLOSE_MS = 48 * HOUR_MS;

export type SupportFrom = 'shopper' | 'shop';
export type SupportStatus = 'waiting' | 'open' | 'closed';
export const SUPPORT_STATUSES = ['waiting', 'open', 'closed'] as const;
export const SUPPORT_STATUS_NAMES: Record<SupportStatus, string> = { waiting: '待接入', open: '接待中', closed: '已结束' };

const OFFSET_MS = 8 * HOUR_MS;

/** The Beijing hour (0–23) of an instant. */
function beijingHour(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCHours();
}

/** Whether someone answers at `at`: 9:00 ≤ Beijing time < 21:00. */
export function isSupportOpen(at: Date = new Date()): boolean {
  const h = beijingHour(at);
  return h >= SUPPORT_OPEN_HOUR && h < SUPPORT_CLOSE_HOUR;
}

/** The start of the Beijing day of `at`, as an instant. */
function beijingDayStart(at: Date): number {
  const local = at.getTime() + OFFSET_MS;
  return local - (local % DAY_MS) - OFFSET_MS;
}

/**
 * When the closed stretch `at` lies in began (the last 21:00 Beijing at or before `at`): one automatic
 * answer per stretch, so a shopper writing five lines at night hears it once. Null while open.
 */
export function supportClosedSince(at: Date = new Date()): Date | null {
  if (isSupportOpen(at)) return null;
  const dayStart = beijingDayStart(at);
  const todayClose = dayStart + SUPPORT_CLOSE_HOUR * HOUR_MS;
  return new Date(at.getTime() >= todayClose ? todayClose : todayClose - DAY_MS);
}

/** The automatic answer out of hours: says when someone will reply (today 9:00 before dawn, else tomorrow). */
export function outOfHoursAnswer(at: Date = new Date()): string {
  const when = beijingHour(at) < SUPPORT_OPEN_HOUR ? '今天' : '明天';
  return `您好，现在是非工作时间，人工客服的服务时间为每天 ${SUPPORT_HOURS_TEXT}（北京时间）。您的留言已收到，客服将在${when} ${SUPPORT_OPEN_HOUR}:00 上线后尽快回复您。`;
}

/** The line written when an idle conversation closes by itself. */
export const IDLE_CLOSE_TEXT = '本次会话已超过 48 小时没有新消息，已自动结束。如还需要帮助，请随时再次联系客服。';
/** The line written when an operator closes a conversation. */
export const CLOSED_BY_SHOP_TEXT = '本次会话已结束，感谢您的咨询。如还需要帮助，请随时再次联系客服。';

/** What a conversation was asked from (its card): a product, an order, an after-sales request or an invoice. */
export type SupportCard =
  | { kind: 'product'; productId: number; name: string; image: string | null }
  | { kind: 'order'; orderNo: string; status: string; totalFen: number; title: string; image: string | null }
  | { kind: 'afterSale'; afterSaleNo: string; orderNo: string; type: AfterSaleType; status: AfterSaleStatus; title: string; quantity: number; image: string | null }
  | { kind: 'invoice'; invoiceId: number; orderNo: string; title: string; status: InvoiceStatus; amountFen: number; invoiceNo: string | null };

/** The card in words, the same on the shopper's screen and in the console: 咨询售后 · 硬盘 100 · 售后单号 … */
export function describeCard(card: SupportCard): { label: string; title: string; sub: string; image: string | null } {
  switch (card.kind) {
    case 'product':
      return { label: '咨询商品', title: card.name, sub: `商品编号 ${card.productId}`, image: card.image };
    case 'order':
      return { label: '咨询订单', title: card.title, sub: `订单号 ${card.orderNo} · ${ORDER_STATUS_LABEL[card.status as OrderStatus] ?? card.status} · ${formatFen(card.totalFen)}`, image: card.image };
    case 'afterSale':
      return {
        label: `咨询售后（${AFTER_SALE_TYPE_LABEL[card.type]}）`,
        title: `${card.title} × ${card.quantity}`,
        sub: `售后单号 ${card.afterSaleNo} · ${AFTER_SALE_STATUS_LABEL[card.status]} · 订单号 ${card.orderNo}`,
        image: card.image,
      };
    case 'invoice':
      return {
        label: '咨询发票',
        title: `发票抬头：${card.title}`,
        sub: `${card.invoiceNo ? `发票号 ${card.invoiceNo}` : INVOICE_STATUS_LABEL[card.status]} · ${formatFen(card.amountFen)} · 订单号 ${card.orderNo}`,
        image: null,
      };
  }
}

export type TextPart = { text: string; href?: string };

/** Paths a chat link never opens: the console, the API and the demo sandboxes are not pages for a shopper to be sent to. */
const NOT_PUBLIC = ['/admin', '/api', '/sandbox'];
/** Bidirectional and invisible formatting characters: a link holding one shows other than where it goes. */
const DISGUISE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]/;

/** Whether `url` is one of the shop's public pages (`origin`: SITE_URL), shown as it goes. */
function isPublicShopPage(url: string, origin: string): boolean {
  if (DISGUISE.test(url)) return false;
  try {
    const u = new URL(url);
    if (u.origin !== new URL(origin).origin) return false;
    const path = decodeURIComponent(u.pathname).toLowerCase();
    return !NOT_PUBLIC.some((p) => path === p || path.startsWith(`${p}/`));
  } catch {
    return false;
  }
}

/**
 * A message's text cut into plain parts and the links to the shop's public pages (`origin` is the
 * shop's address, e.g. https://shop.example.cn): only those become clickable; any other URL, one into
 * /admin, /api or /sandbox, or one with a bidirectional control in it, stays text.
 */
export function linkifyOwn(text: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  const re = /https?:\/\/[^\s<>"'，。！？、；：）)]+/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const url = m[0];
    if (!isPublicShopPage(url, origin)) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: url, href: url });
    last = m.index + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** How long someone has waited since `since`, as the console says it: 刚刚, 12 分钟, 3 小时 5 分钟, 2 天 3 小时. */
export function waitedFor(since: string | Date, now: Date = new Date()): string {
  const ms = Math.max(0, now.getTime() - new Date(since).getTime());
  const min = Math.floor(ms / 60_000);
  if (min < 1) return '不到 1 分钟';
  if (min < 60) return `${min} 分钟`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} 小时 ${min % 60} 分钟` : `${h} 小时`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} 天 ${h % 24} 小时` : `${d} 天`;
}

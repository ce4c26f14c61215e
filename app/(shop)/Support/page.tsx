import { AccountFrame } from '@/components/account/account-frame';
import { SupportChat, type ChatCard } from '@/components/support/support-chat';
import { getPageUser } from '@/lib/auth/page-session';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { SUPPORT_HOURS_TEXT } from '@/lib/domain/support';
import { routeMetadata } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/site';
import { getOrder } from '@/lib/server/flows/orders';
import { cachedProduct } from '@/lib/server/modules/catalog';
import { currentConversation, listShopperMessages, type SupportCard } from '@/lib/server/modules/support';
import { orNullIfNotFound } from '@/lib/server/errors';
import { queryValue, type PageQuery } from '@/lib/web/page-query';

export const metadata = routeMetadata('/Support');

/** The card as the chat shows it: a product opens its page, an order its detail. */
function chatCard(card: SupportCard): ChatCard {
  return card.kind === 'product'
    ? { kind: 'product', title: card.name, sub: `商品编号 ${card.productId}`, href: `/proc/${card.productId}`, image: card.image }
    : { kind: 'order', title: card.title, sub: `订单号 ${card.orderNo} · ${formatFen(card.totalFen)}`, href: screenHref('orderDetail', 'mobile', { orderNo: card.orderNo }), image: card.image };
}

/**
 * What the page was opened from (?productId= on a product page, ?orderNo= on an order or an
 * after-sales request): shown as the card and sent with the next question. A product that is not
 * there, or an order that is not the shopper's, is left out.
 */
async function aboutCard(userId: number, productId: number | undefined, orderNo: string | undefined): Promise<ChatCard | null> {
  if (productId) {
    const p = await orNullIfNotFound(cachedProduct(productId));
    return p ? { kind: 'product', title: p.name, sub: p.subtitle, href: `/proc/${p.id}`, image: p.images[0]?.src ?? null } : null;
  }
  if (orderNo) {
    const o = await orNullIfNotFound(getOrder(userId, orderNo));
    return o ? { kind: 'order', title: o.lines[0]?.productName ?? '订单', sub: `订单号 ${o.orderNo} · ${o.statusLabel} · ${formatFen(o.totalFen)}`, href: screenHref('orderDetail', 'mobile', { orderNo: o.orderNo }), image: o.lines[0]?.image || null } : null;
  }
  return null;
}

async function SupportPanel({ userId, productId, orderNo }: { userId: number; productId?: number; orderNo?: string }) {
  const current = await currentConversation(userId);
  const lines = current ? await listShopperMessages(userId, current.id) : null;
  const about = await aboutCard(userId, productId, orderNo);
  const card = about ?? (current?.card ? chatCard(current.card) : null);
  return (
    <SupportChat
      conversationId={current?.id ?? null}
      status={current?.status ?? null}
      card={card}
      about={about ? (productId ? { productId } : { orderNo }) : {}}
      initial={lines?.items ?? []}
      readUpTo={lines?.readUpTo ?? 0}
      origin={siteUrl()}
    />
  );
}

/**
 * 在线客服 (/Support, both devices): the shopper's conversation with the shop (docs/support.md#screens).
 * A visitor is asked to log in first.
 */
export default async function SupportPage({ searchParams }: { searchParams: Promise<PageQuery> }) {
  const query = await searchParams;
  const user = await getPageUser();
  const productId = Number(queryValue(query, 'productId'));
  const orderNo = queryValue(query, 'orderNo');
  return (
    <AccountFrame
      path="/Support"
      heading="在线客服"
      what="与客服的会话"
      user={user}
      guestIntro={`登录后即可与客服在线交流，服务时间每天 ${SUPPORT_HOURS_TEXT}（北京时间）。`}
      account={(u) => (
        <SupportPanel
          userId={u.id}
          productId={Number.isInteger(productId) && productId > 0 && productId < 2_147_483_647 ? productId : undefined}
          orderNo={orderNo && /^\d{20}$/.test(orderNo) ? orderNo : undefined}
        />
      )}
    />
  );
}

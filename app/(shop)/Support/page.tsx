import { AccountFrame } from '@/components/account/account-frame';
import { chatCardOf } from '@/components/support/chat-card';
import { SupportChat } from '@/components/support/support-chat';
import { getPageUser } from '@/lib/auth/page-session';
import { SUPPORT_HOURS_TEXT } from '@/lib/domain/support';
import { routeMetadata } from '@/lib/seo/metadata';
import { siteUrl } from '@/lib/site';
import { listShopperMessages } from '@/lib/server/modules/support';
import { currentConversation } from '@/lib/server/views/support-chat';
import { previewCard } from '@/lib/server/views/support-cards';
import { flatQuery, type PageQuery } from '@/lib/web/page-query';

export const metadata = routeMetadata('/Support');

/**
 * The shopper's current session (its own card), whether earlier ones exist, and what the page was
 * opened from (?productId= on a product page, ?orderNo= on an order, ?afterSaleNo= on an after-sales
 * request, ?invoiceId= on an invoice): shown above the box and sent with the next question. Something
 * that is not there, or not the shopper's, is left out.
 */
async function SupportPanel({ userId, query }: { userId: number; query: Record<string, string> }) {
  const [current, about] = await Promise.all([currentConversation(userId), previewCard(userId, query)]);
  const lines = current ? await listShopperMessages(userId, current.id) : null;
  return (
    <SupportChat
      conversationId={current?.id ?? null}
      status={current?.status ?? null}
      card={current?.card ? chatCardOf(current.card) : null}
      createdAt={current?.createdAt ?? null}
      earlier={current?.earlier ?? false}
      about={about?.about ?? {}}
      aboutCard={about ? chatCardOf(about.card) : null}
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
  const query = flatQuery(await searchParams);
  const user = await getPageUser();
  return (
    <AccountFrame
      path="/Support"
      heading="在线客服"
      what="与客服的会话"
      user={user}
      guestIntro={`登录后即可与客服在线交流，服务时间每天 ${SUPPORT_HOURS_TEXT}（北京时间）。`}
      account={(u) => <SupportPanel userId={u.id} query={{ productId: query.productId, orderNo: query.orderNo, afterSaleNo: query.afterSaleNo, invoiceId: query.invoiceId }} />}
    />
  );
}

/** A conversation's card as the shopper's chat shows it: its words (describeCard) and the page it opens. */
import { screenHref } from '@/lib/domain/screens';
import { describeCard, type SupportCard } from '@/lib/domain/support';

export type ChatCard = { label: string; title: string; sub: string; href: string; image: string | null };

export function chatCardOf(card: SupportCard): ChatCard {
  const href =
    card.kind === 'product'
      ? `/proc/${card.productId}`
      : card.kind === 'order'
        ? screenHref('orderDetail', 'mobile', { orderNo: card.orderNo })
        : card.kind === 'afterSale'
          ? screenHref('afterSaleDetail', 'mobile', { afterSaleNo: card.afterSaleNo })
          : screenHref('invoiceDetail', 'mobile', { id: card.invoiceId });
  return { ...describeCard(card), href };
}

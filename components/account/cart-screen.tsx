import Link from 'next/link';
import { CartOwnerNote } from '@/components/cart/cart-owner-note';
import { CartView } from '@/components/cart/cart-view';
import { CardSection } from '@/components/ui/card-section';
import { FactList } from '@/components/ui/lists';
import { SHIPPING_RULE, UNPAID_RULE } from '@/content/shop-rules';
import { AccountFrame } from './account-frame';
import type { DeviceScreenProps } from './screen-props';

/** 购物车 (/Cart: a list, /personalCenter/PersonalShoppCart: a table). The same page for everyone: it works anonymously too. */
export function CartScreen({ path, device }: DeviceScreenProps) {
  const view = <CartView layout={device === 'desktop' ? 'table' : 'list'} />;
  return (
    <AccountFrame
      path={path}
      heading="购物车"
      what="购物车中的商品"
      intro="勾选要购买的商品，确认数量后点击「去结算」。"
      anyone={
        <>
          <CartOwnerNote />
          {view}
        </>
      }
    >
      <CardSection title="购物须知">
        <FactList
          items={[
            '在商品页选择规格和数量后点击「加入购物车」；想马上下单，点击「立即购买」。',
            '已下架或库存不足的商品不能结算，可删除或调整数量。',
            SHIPPING_RULE,
            UNPAID_RULE,
          ]}
        />
        <p className="row">
          <Link href="/helpCenter/userGuide" className="tap">
            购物指南
          </Link>
        </p>
      </CardSection>
    </AccountFrame>
  );
}

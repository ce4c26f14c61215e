/**
 * What every after-sales screen says of the rules. The after-sales screens are one file each
 * (after-sale-*-screen.tsx): a page's browser bundle holds every client component its server modules
 * import, so the list would otherwise ship the form (and its validation) and the detail.
 */
import { CardSection } from '@/components/ui/card-section';
import { TermList } from '@/components/ui/lists';
import { RETURN_SHIPPING_RULE } from '@/lib/domain/after-sale';
import { AFTER_SALE_RETURN_DAYS, AFTER_SALE_REVIEW_HOURS, EXCHANGE_DAYS, RETURN_DAYS } from '@/lib/domain/after-sale-rules';
import '@/components/after-sale/after-sale.css';

/** The after-sales rules in short, for the form and for visitors who are not logged in. */
export function AfterSaleRules() {
  return (
    <CardSection title="售后规则">
      <TermList
        items={[
          { term: '未发货', text: '可申请仅退款，提交后立即退款。' },
          { term: '已签收', text: `${RETURN_DAYS} 天内可七天无理由退货；商品质量等商家原因 ${EXCHANGE_DAYS} 天内可退货退款或换货。` },
          { term: '量子安全服务', text: `付款后 ${RETURN_DAYS} 天内、激活码均未激活时可申请退款。` },
          { term: '审核', text: `商家将在 ${AFTER_SALE_REVIEW_HOURS} 小时内处理，超时自动同意；同意退货后请在 ${AFTER_SALE_RETURN_DAYS} 天内寄回。` },
          { term: '运费', text: `商家原因的退款连同订单运费一并退回，换货不退款、换新商品免运费寄出；${RETURN_SHIPPING_RULE.shop}。${RETURN_SHIPPING_RULE.shopper}。` },
        ]}
      />
    </CardSection>
  );
}


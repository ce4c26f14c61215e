import { WxpayScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/WxpayDetail');

type Props = { searchParams: Promise<PageQuery> };

export default async function WxpayDetailPage({ searchParams }: Props) {
  return <WxpayScreen path="/WxpayDetail" device="mobile" query={await searchParams} />;
}

import { WxpayScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/WxpayDetailPC');

type Props = { searchParams: Promise<PageQuery> };

export default async function WxpayDetailPCPage({ searchParams }: Props) {
  return <WxpayScreen path="/WxpayDetailPC" device="desktop" query={await searchParams} />;
}

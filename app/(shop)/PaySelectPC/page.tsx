import { PayScreen } from '@/components/account/checkout-screens';
import type { PageQuery } from '@/components/account/account-paths';
import { routeMetadata } from '@/lib/seo/metadata';

export const metadata = routeMetadata('/PaySelectPC');

type Props = { searchParams: Promise<PageQuery> };

export default async function PaySelectPCPage({ searchParams }: Props) {
  return <PayScreen path="/PaySelectPC" device="desktop" query={await searchParams} />;
}

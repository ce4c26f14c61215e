import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DemoTrade } from '@/components/sandbox/demo-trade';
import { sameSiteUrl, sandboxTrade } from '@/lib/server/payment-sandbox/payer';

export const metadata: Metadata = { title: '微信支付（演示）' };

type Props = { params: Promise<{ ref: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** What the Native QR code (code_url) and the H5 link (h5_url) open: a phone confirming the payment. */
export default async function WechatDemoPhone({ params, searchParams }: Props) {
  const { ref } = await params;
  const q = await searchParams;
  const trade = await sandboxTrade('wechat', ref);
  if (!trade) notFound();
  return (
    <DemoTrade
      brand="wechat"
      trade={trade}
      action={`/sandbox/wechat/pay/${ref}/confirm`}
      error={one(q.error)}
      redirectUrl={sameSiteUrl(one(q.redirect_url))}
    />
  );
}

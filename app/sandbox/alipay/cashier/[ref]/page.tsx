import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DemoTrade } from '@/components/sandbox/demo-trade';
import { sameSiteUrl, sandboxTrade } from '@/lib/server/payment-sandbox/payer';

export const metadata: Metadata = { title: '支付宝收银台（演示）' };

type Props = { params: Promise<{ ref: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where the Alipay pay form lands: the cashier with 确认付款. */
export default async function AlipayDemoCashier({ params, searchParams }: Props) {
  const { ref } = await params;
  const q = await searchParams;
  const trade = await sandboxTrade('alipay', ref);
  if (!trade) notFound();
  return (
    <DemoTrade
      brand="alipay"
      trade={trade}
      action={`/sandbox/alipay/cashier/${ref}/pay`}
      error={typeof q.error === 'string' ? q.error : undefined}
      redirectUrl={trade.status === 'NOTPAY' ? null : sameSiteUrl(trade.returnUrl)}
    />
  );
}

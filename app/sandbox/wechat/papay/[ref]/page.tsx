import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DemoContract } from '@/components/sandbox/demo-contract';
import { sandboxContract } from '@/lib/server/payment-sandbox/contract-phone';

export const metadata: Metadata = { title: '微信支付 · 委托代扣（演示）' };

type Props = { params: Promise<{ ref: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What the pre-entrust-sign link opens on the phone: the 委托代扣 contract to agree to. */
export default async function WechatDemoContract({ params, searchParams }: Props) {
  const { ref } = await params;
  const q = await searchParams;
  const contract = await sandboxContract('wechat', ref);
  if (!contract) notFound();
  return <DemoContract brand="wechat" contract={contract} action={`/sandbox/wechat/papay/${ref}/action`} error={typeof q.error === 'string' ? q.error : undefined} />;
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DemoContract } from '@/components/sandbox/demo-contract';
import { sandboxContract } from '@/lib/server/payment-sandbox/contract-phone';

export const metadata: Metadata = { title: '支付宝 · 周期扣款（演示）' };

type Props = { params: Promise<{ ref: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where Alipay's agreement signing link lands: the 周期扣款 agreement to agree to. */
export default async function AlipayDemoAgreement({ params, searchParams }: Props) {
  const { ref } = await params;
  const q = await searchParams;
  const contract = await sandboxContract('alipay', ref);
  if (!contract) notFound();
  return <DemoContract brand="alipay" contract={contract} action={`/sandbox/alipay/agreement/${ref}/action`} error={typeof q.error === 'string' ? q.error : undefined} />;
}

'use client';
/** 自动续费 on the subscription's page, which the server renders: after 开通 or 关闭 the page is read again. */
import { useRouter } from 'next/navigation';
import type { AutoRenewView } from '@/lib/domain/auto-renew';
import { AutoRenew } from './auto-renew';

export function AutoRenewOnPage(props: { subscriptionId: number; current: AutoRenewView | null; canOpen: boolean; nextCharge?: string }) {
  const router = useRouter();
  return <AutoRenew {...props} onChange={() => router.refresh()} />;
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { sandboxEnabled } from '@/lib/server/payment-sandbox/guard';
import './sandbox.css';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** The demo gateways' pages: no shop chrome (they stand for WeChat's and Alipay's own screens). */
export default function SandboxLayout({ children }: { children: React.ReactNode }) {
  if (!sandboxEnabled()) notFound();
  return (
    <main id="main" className="sandbox">
      {children}
    </main>
  );
}

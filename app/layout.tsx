import type { Metadata, Viewport } from 'next';
import { ClientRuntime } from '@/components/layout/client-runtime';
import { JsonLd } from '@/components/seo/json-ld';
import { organizationJsonLd } from '@/lib/seo/json-ld';
import { siteUrl } from '@/lib/site';
import { SHOP_NAME } from '@/lib/shop-identity';
import './globals.css';

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(siteUrl()),
    applicationName: SHOP_NAME,
    icons: { icon: '/favicon.svg' },
    formatDetection: { telephone: false },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b3d91',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <body>
        <a href="#main" className="skip-link">
          跳到正文
        </a>
        {children}
        <JsonLd data={organizationJsonLd()} />
        <ClientRuntime />
      </body>
    </html>
  );
}

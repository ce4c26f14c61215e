'use client';
import Link from 'next/link';
import { isBot } from '@/lib/web/device';

/** Unexpected error on a page: a calm message and a way on; crawlers get no error UI. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  if (typeof navigator !== 'undefined' && isBot(navigator.userAgent)) return null;
  return (
    <main id="main">
      <div className="container not-found">
        <h1>页面出了点问题</h1>
        <p className="muted">我们已记录这个问题。您可以重试，或先回到首页继续浏览。</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          <button type="button" className="btn" onClick={reset}>
            重试
          </button>
          <Link href="/" className="btn btn-ghost">
            返回首页
          </Link>
        </div>
      </div>
    </main>
  );
}

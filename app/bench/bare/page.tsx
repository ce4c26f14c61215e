import type { Metadata } from 'next';

/**
 * The baseline of `npm run bench` (scripts/bench.mjs): a minimal static page of the same app,
 * under the root layout but outside the shop layout, so shop pages are measured against what
 * the framework itself costs. Not for visitors: noindex, and robots.txt disallows /bench.
 */
export const dynamic = 'force-static';

export const metadata: Metadata = {
  title: { absolute: 'bench - bare page' },
  robots: { index: false, follow: false },
};

export default function BareBenchPage() {
  return (
    <main id="main">
      <h1>bare</h1>
    </main>
  );
}

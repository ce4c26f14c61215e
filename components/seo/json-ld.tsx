import { serializeInlineJson } from '@/lib/seo/inline-script';

/** One JSON-LD block; the data is escaped so it can never leave its script tag. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeInlineJson(data) }} />;
}

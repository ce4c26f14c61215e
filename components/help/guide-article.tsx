import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import type { Guide } from '@/content/help/types';
import { GUIDE_WORDS, GuideBlocks } from './guide-blocks';
import { LinkList } from './link-list';
import { TableOfContents } from './toc';

/**
 * A long-form help guide (/helpCenter/userGuide, budsUserGuide, diskUserGuide, budsUserGuideEn):
 * breadcrumbs, title, table of contents, numbered sections and related links. An English guide is
 * wrapped in lang="en".
 */
export function GuidePage({ path, guide }: { path: string; guide: Guide }) {
  const words = GUIDE_WORDS[guide.lang];
  return (
    <div className="help-page">
      <Breadcrumbs path={path} />
      <article className="card prose help-guide" lang={guide.lang === 'en' ? 'en' : undefined}>
        <header>
          <h1>{guide.title}</h1>
          <p className="muted small">
            {words.appliesTo}
            {guide.lang === 'en' ? ' ' : ''}
            {guide.appliesTo} · {words.updated} <time dateTime={guide.updated}>{guide.updated}</time>
          </p>
        </header>
        {guide.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <TableOfContents title={words.toc} items={guide.sections} />
        {guide.sections.map((s) => (
          <section key={s.id} aria-labelledby={s.id}>
            <h2 id={s.id}>{s.title}</h2>
            <GuideBlocks blocks={s.blocks} words={words} />
            {s.subsections?.map((sub) => (
              <section key={sub.title}>
                <h3>{sub.title}</h3>
                <GuideBlocks blocks={sub.blocks} words={words} />
              </section>
            ))}
          </section>
        ))}
        <LinkList id="related" title={words.related} links={guide.related} />
      </article>
    </div>
  );
}

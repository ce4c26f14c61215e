/**
 * 数据's 搜索 section (docs/rules.md#search): the last days' most asked searches, and the searches that
 * found nothing, each with 「加为同义词」 (or the synonym it already has). From the query log: counts only.
 */
import Link from 'next/link';
import { DataTable } from '@/components/ui/data-table';
import type { QueryCount } from '@/lib/server/modules/search';
import { withQuery } from '@/lib/web/query-string';
import { SynonymForm } from './synonym-form';

const searched = (q: string) => (
  <Link href={withQuery('/ProductList', { q })} target="_blank" rel="noopener">
    {q}
  </Link>
);

export function SearchStatsSection({ days, top, empty }: { days: number; top: QueryCount[]; empty: QueryCount[] }) {
  return (
    <section className="admin-panel" aria-labelledby="search-stats">
      <h2 id="search-stats">搜索</h2>
      <p className="muted small">
        近 {days} 天，按搜索词统计（不记录是谁搜索的）。无结果的词可以「加为同义词」，指向店里有的商品词，下一次搜索即生效；同义词在
        <Link href="/admin/search">搜索同义词</Link>里管理。
      </p>
      <div className="stats-search">
        {top.length ? (
          <DataTable
            caption="热门搜索词"
            wrapClass="admin-table"
            head={['搜索词', '搜索次数', '无结果次数']}
            rows={top.map((r) => ({ key: r.query, cells: [searched(r.query), r.searches, r.emptySearches] }))}
          />
        ) : (
          <p className="muted">还没有搜索记录。</p>
        )}
        {empty.length ? (
          <DataTable
            caption="无结果的搜索"
            wrapClass="admin-table"
            head={['搜索词', '无结果次数', '同义词']}
            rows={empty.map((r, i) => ({
              key: r.query,
              cells: [searched(r.query), r.emptySearches, r.synonym ? `已加同义词 → ${r.synonym}` : <SynonymForm key="s" id={`empty-search-${i}`} word={r.query} />],
            }))}
          />
        ) : (
          <p className="muted">没有无结果的搜索。</p>
        )}
      </div>
    </section>
  );
}

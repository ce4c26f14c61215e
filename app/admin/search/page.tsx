import { ConsoleActionButton } from '@/components/admin/console-action-button';
import { SynonymForm } from '@/components/admin/synonym-form';
import { DataTable } from '@/components/ui/data-table';
import { requirePageOperator } from '@/lib/auth/page-operator';
import { listSynonyms } from '@/lib/server/modules/search';

export const metadata = { title: '搜索同义词' };

/** 搜索同义词: the words shoppers use for the shop's product words (docs/rules.md#search); applied to the next search. */
export default async function AdminSearchPage() {
  await requirePageOperator();
  const items = await listSynonyms();
  return (
    <>
      <h1>搜索同义词</h1>
      <p className="muted small">
        顾客搜索左边的词时，也会找到含右边商品词的商品（如「移动盘」→「移动硬盘」）。添加或删除后，下一次搜索立即生效。无结果的搜索词见「数据」页的搜索部分。
      </p>
      <section className="admin-panel" aria-labelledby="add-synonym">
        <h2 id="add-synonym">添加同义词</h2>
        <SynonymForm id="new-synonym" />
      </section>
      {items.length ? (
        <DataTable
          caption={`同义词（共 ${items.length} 个）`}
          wrapClass="admin-table"
          head={['搜索词', '对应的商品词', '操作']}
          rows={items.map((s) => ({
            key: String(s.id),
            cells: [
              s.word,
              s.target,
              <ConsoleActionButton key="d" method="delete" path={`/admin/search/synonyms/${s.id}`} label="删除" confirmText={`确定删除同义词「${s.word}」→「${s.target}」吗？`} done="同义词已删除" />,
            ],
          }))}
        />
      ) : (
        <p className="admin-panel muted">还没有同义词。</p>
      )}
    </>
  );
}

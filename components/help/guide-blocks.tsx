import type { GuideBlock } from '@/content/help/types';
import { DataTable as UiDataTable } from '@/components/ui/data-table';

/** Words of the guide chrome in the guide's language. */
export const GUIDE_WORDS = {
  zh: { toc: '目录', related: '相关帮助', updated: '更新于', appliesTo: '适用于', caution: '注意：', tip: '提示：' },
  en: { toc: 'Contents', related: 'Related help', updated: 'Last updated', appliesTo: 'Applies to', caution: 'Caution: ', tip: 'Tip: ' },
} as const;

export type GuideWords = (typeof GUIDE_WORDS)[keyof typeof GUIDE_WORDS];

/** One block of a guide: paragraph, steps, list, table, tip or warning. */
function GuideBlockView({ block, words }: { block: GuideBlock; words: GuideWords }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('steps' in block)
    return (
      <ol>
        {block.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    );
  if ('list' in block)
    return (
      <ul>
        {block.list.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    );
  if ('table' in block) return <DataTable {...block.table} />;
  if ('note' in block)
    return (
      <p className="notice">
        <strong>{words.tip}</strong>
        {block.note}
      </p>
    );
  return (
    <p className="notice help-notice-warn">
      <strong>{words.caution}</strong>
      {block.warn}
    </p>
  );
}

export function GuideBlocks({ blocks, words }: { blocks: GuideBlock[]; words: GuideWords }) {
  return (
    <>
      {blocks.map((b, i) => (
        <GuideBlockView key={i} block={b} words={words} />
      ))}
    </>
  );
}

/** A captioned table of plain text that scrolls sideways on narrow screens (the one DataTable underneath). */
export function DataTable({ caption, head, rows, hideCaption }: { caption: string; head: string[]; rows: string[][]; hideCaption?: boolean }) {
  return (
    <UiDataTable
      caption={caption}
      head={head}
      rows={rows.map((r) => ({ key: r.join('|'), cells: r }))}
      hideCaption={hideCaption}
      wrapClass="help-table-wrap"
    />
  );
}

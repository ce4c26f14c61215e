'use client';
/**
 * 足迹's list: the views grouped by Beijing day (今天, 昨天, 11月23日, worked out on the server), each
 * with its price now, 删除 of one view and 清空足迹 after a confirm. A removal redraws the page.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import toast from 'react-hot-toast';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { favoritesApi } from '@/lib/api/client';
import type { HistoryItem } from '@/lib/server/views/browse-history';
import { OwnProduct } from './own-product';
import './favorites.css';

type Group = { day: string; label: string; items: HistoryItem[] };

export function HistoryList({ groups, total }: { groups: Group[]; total: number }) {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();

  const removeOne = (h: HistoryItem) =>
    submit(async () => {
      await favoritesApi.clearHistory(h.productId);
      toast.success('已删除该浏览记录');
      router.refresh();
    });

  async function clearAll() {
    if (busy || !(await confirm('确定清空全部足迹吗？清空后不能恢复。', '清空足迹', { cancelLabel: '再想想', danger: true }))) return;
    await submit(async () => {
      await favoritesApi.clearHistory();
      toast.success('足迹已清空');
      router.refresh();
    });
  }

  return (
    <div className="stack">
      <div className="own-toolbar card">
        <span className="muted small">最近浏览的 {total} 件商品</span>
        <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={clearAll}>
          清空足迹
        </button>
      </div>
      {groups.map((g) => (
        <section key={g.day} aria-labelledby={`day-${g.day}`}>
          <h2 id={`day-${g.day}`} className="own-day">
            {g.label}
          </h2>
          <ul className="own-list">
            {g.items.map((h) => (
              <li key={h.productId}>
                <OwnProduct
                  product={h}
                  badges={h.outOfStock ? <span className="tag tag-warn">缺货</span> : h.offSale ? <span className="tag tag-muted">已下架</span> : null}
                  actions={
                    <>
                      {h.offSale ? null : (
                        <Link href={`/proc/${h.productId}`} className="btn btn-sm btn-ghost" prefetch={false}>
                          再看看
                        </Link>
                      )}
                      <button type="button" className="link-btn small" disabled={busy} onClick={() => removeOne(h)} aria-label={`删除浏览记录：${h.name}`}>
                        删除
                      </button>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {dialog}
    </div>
  );
}

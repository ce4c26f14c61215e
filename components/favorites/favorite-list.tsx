'use client';
/**
 * 我的收藏's list: each product with its price now and 缺货 / 降价 ¥x / 已下架, a link to it, 删除,
 * and 批量删除 of the ticked ones (on a phone after 批量管理, on a desktop always). The page itself
 * is drawn on the server; a removal redraws it.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { favoritesApi } from '@/lib/api/client';
import type { Device } from '@/lib/web/device';
import { formatFenShort } from '@/lib/domain/money';
import type { Favorite } from '@/lib/server/views/favorites';
import { OwnProduct } from './own-product';
import './favorites.css';

export function FavoriteList({ items, total, device }: { items: Favorite[]; total: number; device: Device }) {
  const router = useRouter();
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const [managing, setManaging] = useState(device === 'desktop');
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const all = items.length > 0 && items.every((f) => ticked.has(f.productId));

  const tick = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function remove(ids: number[]) {
    if (busy || ids.length === 0) return;
    const question = ids.length === 1 ? '确定取消收藏该商品吗？' : `确定删除选中的 ${ids.length} 件收藏吗？`;
    if (!(await confirm(question, '删除', { cancelLabel: '再想想', danger: true }))) return;
    await submit(async () => {
      if (ids.length === 1) await favoritesApi.remove(ids[0]);
      else await favoritesApi.removeMany(ids);
      toast.success(ids.length === 1 ? '已取消收藏' : `已删除 ${ids.length} 件收藏`);
      setTicked(new Set());
      router.refresh();
    });
  }

  return (
    <div className="stack">
      <div className="own-toolbar card">
        {managing ? (
          <label>
            <input type="checkbox" className="own-check" checked={all} onChange={(e) => setTicked(e.target.checked ? new Set(items.map((f) => f.productId)) : new Set())} />
            全选
          </label>
        ) : (
          <span className="muted small">共 {total} 件商品</span>
        )}
        <div className="row">
          {managing ? (
            <button type="button" className="btn btn-sm btn-danger" disabled={busy || ticked.size === 0} onClick={() => remove([...ticked])}>
              删除选中{ticked.size > 0 ? `（${ticked.size}）` : ''}
            </button>
          ) : null}
          {device === 'mobile' ? (
            <button type="button" className="btn btn-sm btn-ghost" aria-pressed={managing} onClick={() => { setManaging(!managing); setTicked(new Set()); }}>
              {managing ? '完成' : '批量管理'}
            </button>
          ) : null}
        </div>
      </div>
      <ul className="own-list" aria-label="收藏的商品">
        {items.map((f) => (
          <li key={f.productId}>
            <OwnProduct
              product={f}
              check={managing ? { checked: ticked.has(f.productId), onChange: (on) => tick(f.productId, on) } : undefined}
              badges={
                <>
                  {f.offSale ? <span className="tag tag-muted">已下架</span> : null}
                  {f.outOfStock ? <span className="tag tag-warn">缺货</span> : null}
                  {f.priceDropFen > 0 ? <span className="tag tag-warn">降价 {formatFenShort(f.priceDropFen)}</span> : null}
                </>
              }
              actions={
                <>
                  {f.offSale ? null : (
                    <Link href={`/proc/${f.productId}`} className="btn btn-sm btn-ghost" prefetch={false}>
                      {f.outOfStock ? '查看商品' : '去购买'}
                    </Link>
                  )}
                  <button type="button" className="link-btn small" disabled={busy} onClick={() => remove([f.productId])} aria-label={`删除收藏：${f.name}`}>
                    删除
                  </button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      {dialog}
    </div>
  );
}

import Link from 'next/link';
import { FavoriteList } from '@/components/favorites/favorite-list';
import { HistoryList } from '@/components/favorites/history-list';
import { Pagination } from '@/components/ui/pagination';
import { HISTORY_KEPT } from '@/lib/domain/favorites-and-history';
import type { Device } from '@/lib/web/device';
import { groupByDay } from '@/lib/domain/history-days';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { listFavorites } from '@/lib/server/views/favorites';
import { listHistory } from '@/lib/server/views/browse-history';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

const FAVORITES_PAGE_SIZE = 20;

function Empty({ text }: { text: string }) {
  return (
    <section className="card empty">
      <p>{text}</p>
      <Link href="/ProductList" className="btn btn-ghost" prefetch={false}>
        去逛逛全部商品
      </Link>
    </section>
  );
}

async function Favorites({ userId, device, path, page }: { userId: number; device: Device; path: string; page: number }) {
  const list = await listFavorites(userId, { page, pageSize: FAVORITES_PAGE_SIZE });
  if (list.total === 0) return <Empty text="还没有收藏的商品，在商品页点 收藏 就能在这里找到它" />;
  if (list.items.length === 0) {
    // Past the last page (its favorites were just removed): back to the first.
    return (
      <section className="card empty">
        <p>这一页已经没有收藏了</p>
        <Link href={path} className="btn btn-ghost" prefetch={false}>
          回到第一页
        </Link>
      </section>
    );
  }
  return (
    <>
      <FavoriteList key={`${list.page}:${list.total}`} items={list.items} total={list.total} device={device} />
      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(p) => withQuery(path, { page: p > 1 ? p : undefined })} />
    </>
  );
}

/** 我的收藏 (/Favorite on a phone, /personalCenter/PersonalFavorite on a desktop): saved products, newest first. */
export function FavoriteListScreen({ path, device, query }: QueryProps) {
  const page = Math.max(1, Math.min(10_000, Number(queryValue(query, 'page')) || 1));
  return (
    <AccountFrame
      path={path}
      heading="我的收藏"
      what="您收藏的商品"
      guestIntro="收藏的商品在这里查看，降价和缺货一目了然。"
      account={(u) => <Favorites userId={u.id} device={device} path={path} page={page} />}
    />
  );
}

async function History({ userId }: { userId: number }) {
  const items = await listHistory(userId);
  if (items.length === 0) return <Empty text="还没有浏览记录，看过的商品会出现在这里" />;
  return <HistoryList groups={groupByDay(items, new Date())} total={items.length} />;
}

/** 我的足迹 (/History on a phone, /personalCenter/PersonalHistory on a desktop): viewed products by day. */
export function HistoryScreen({ path }: QueryProps) {
  return (
    <AccountFrame
      path={path}
      heading="我的足迹"
      what="您最近浏览过的商品"
      guestIntro={`登录后浏览过的商品会记录在这里，最多保留最近 ${HISTORY_KEPT} 件。`}
      account={(u) => <History userId={u.id} />}
    />
  );
}

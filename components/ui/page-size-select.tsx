'use client';
/** 每页 N 条 of a paged table: changing it goes to page 1 of the new size (the size lives in the URL). */
import { useRouter } from 'next/navigation';
import { PAGE_SIZES } from '@/lib/web/page-sizes';
import { pageHref } from '@/lib/web/query-string';

export function PageSizeSelect({ basePath, pageSize, query = {} }: { basePath: string; pageSize: number; query?: Record<string, string | undefined> }) {
  const router = useRouter();
  return (
    <label className="small">
      每页{' '}
      <select
        value={pageSize}
        onChange={(e) => {
          const size = Number(e.target.value);
          router.push(pageHref(basePath, query, 1, size));
        }}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n} 条
          </option>
        ))}
      </select>
    </label>
  );
}

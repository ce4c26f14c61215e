import { PAGE_SIZES } from '@/lib/web/page-sizes';

/** 每页条数 (10/20/30/40/50/100) inside a GET filter form. */
export function PageSizeSelect({ value }: { value: number }) {
  return (
    <div className="field">
      <label htmlFor="pageSize">每页条数</label>
      <select id="pageSize" name="pageSize" defaultValue={String(value)}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n} 条
          </option>
        ))}
      </select>
    </div>
  );
}

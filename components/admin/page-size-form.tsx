import { PageSizeSelect } from './page-size-select';

/** 每页条数 for a table without other filters: a GET form to the same page. */
export function PageSizeForm({ action, value }: { action: string; value: number }) {
  return (
    <form className="admin-filters" method="get" action={action} aria-label="每页条数">
      <PageSizeSelect value={value} />
      <button type="submit" className="btn btn-sm">
        确定
      </button>
    </form>
  );
}

/** A plain GET form: works without JavaScript, lands on /ProductList?q=. */
import { SEARCH_MAX } from '@/lib/constants';

export function SearchForm({ id = 'site-search' }: { id?: string }) {
  return (
    <form className="search-form" action="/ProductList" method="get" role="search">
      <label htmlFor={id} className="sr-only">
        搜索商品
      </label>
      <input id={id} name="q" type="search" placeholder="搜索耳机、硬盘、量子邮箱" maxLength={SEARCH_MAX} />
      <button type="submit">搜索</button>
    </form>
  );
}

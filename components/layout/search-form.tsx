/** A plain GET form: works without JavaScript, lands on /ProductList?q=. `value`: the search shown back on its results. */
import { SEARCH_MAX } from '@/lib/constants';

const SEARCH_PLACEHOLDER = '搜索耳机、硬盘、量子邮箱';

export function SearchForm({ id = 'site-search', value, className }: { id?: string; value?: string; className?: string }) {
  return (
    <form className={className ? `search-form ${className}` : 'search-form'} action="/ProductList" method="get" role="search">
      <label htmlFor={id} className="sr-only">
        搜索商品
      </label>
      <input id={id} key={value} name="q" type="search" enterKeyHint="search" placeholder={SEARCH_PLACEHOLDER} maxLength={SEARCH_MAX} defaultValue={value} />
      <button type="submit">搜索</button>
    </form>
  );
}

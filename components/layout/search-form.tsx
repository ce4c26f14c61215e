/** A plain GET form: works without JavaScript, lands on /ProductList?q=. `value`: the search shown back on its results. */
import { SEARCH_MAX } from '@/lib/domain/catalog-rules';

const SEARCH_PLACEHOLDER = '搜索耳机、硬盘、量子邮箱';
/** The desktop header's box, narrower than the list page's: the hint that fits it whole from 1024 px. */
export const SEARCH_PLACEHOLDER_SHORT = '搜索耳机、硬盘';

export function SearchForm({
  id = 'site-search',
  value,
  className,
  placeholder = SEARCH_PLACEHOLDER,
}: {
  id?: string;
  value?: string;
  className?: string;
  placeholder?: string;
}) {
  return (
    <form className={className ? `search-form ${className}` : 'search-form'} action="/ProductList" method="get" role="search">
      <label htmlFor={id} className="sr-only">
        搜索商品
      </label>
      <input id={id} key={value} name="q" type="search" enterKeyHint="search" placeholder={placeholder} maxLength={SEARCH_MAX} defaultValue={value} />
      <button type="submit">搜索</button>
    </form>
  );
}

import { StatusTabs } from '@/components/ui/status-tabs';
import type { Category } from '@/lib/server/modules/catalog';

/** Category filter as links (no JavaScript): 全部 plus one chip per category. */
export function CategoryChips({ categories, active, href }: { categories: Category[]; active?: string; href: (slug?: string) => string }) {
  const tabs = [{ label: '全部' }, ...categories.map((c) => ({ value: c.slug, label: c.name }))];
  return <StatusTabs label="商品分类" tabs={tabs} active={active} href={href} />;
}

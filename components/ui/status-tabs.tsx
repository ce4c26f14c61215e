/**
 * A list's filter as links (no JavaScript): 全部 and one tab per value, the current one marked with
 * aria-current. The order and invoice lists filter by status, the console's invoices by queue, the
 * catalog by category; each tab is a URL that can be shared or bookmarked.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ChipRow } from './chip-row';

/** One tab: its label and the value it filters by (none for 全部). */
export type Tab<V extends string> = { value?: V; label: string };

type Props<V extends string> = {
  /** The nav's accessible name: 订单状态, 发票状态 … */
  label: string;
  tabs: readonly Tab<V>[];
  active?: V;
  href: (value?: V) => string;
  /** Chips in the shop; buttons in the console. */
  look?: 'chips' | 'buttons';
  prefetch?: boolean;
  /** Links that belong in the same row after the tabs (the order list's 售后). */
  children?: ReactNode;
};

/** 全部 followed by a tab for each value, labelled from `labels`. */
export function tabsOf<V extends string>(values: readonly V[], labels: Record<V, string>): Tab<V>[] {
  return [{ label: '全部' }, ...values.map((value) => ({ value, label: labels[value] }))];
}

export function StatusTabs<V extends string>({ label, tabs, active, href, look = 'chips', prefetch, children }: Props<V>) {
  const links = tabs.map((t) => {
    const current = t.value === active;
    const className = look === 'chips' ? 'chip' : current ? 'btn btn-sm' : 'btn btn-ghost btn-sm';
    return (
      <Link key={t.value ?? ''} href={href(t.value)} className={className} prefetch={prefetch} aria-current={current ? 'page' : undefined}>
        {t.label}
      </Link>
    );
  });
  return look === 'chips' ? (
    <ChipRow label={label}>
      {links}
      {children}
    </ChipRow>
  ) : (
    <nav className="row" aria-label={label}>
      {links}
      {children}
    </nav>
  );
}

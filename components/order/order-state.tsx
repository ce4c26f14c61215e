'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';

/** Loading, failure and "no such order" panels shared by the order screens. */
export function OrderState({ kind, back }: { kind: 'loading' | 'missing' | 'error'; back: string }): ReactNode {
  if (kind === 'loading')
    return (
      <p className="card empty" aria-busy="true">
        加载中…
      </p>
    );
  return (
    <section className="card empty" role={kind === 'error' ? 'alert' : undefined}>
      <p>{kind === 'missing' ? '缺少订单编号。' : '没有找到这个订单，或暂时无法读取。'}</p>
      <Link href={back} className="btn btn-ghost" prefetch={false}>
        返回我的订单
      </Link>
    </section>
  );
}

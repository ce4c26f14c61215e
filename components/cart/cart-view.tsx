'use client';
/**
 * The cart screen's island, shared by /Cart (mobile list) and /personalCenter/PersonalShoppCart
 * (desktop table): one set of actions, two layouts.
 */
import Link from 'next/link';
import { formatFen } from '@/lib/domain/money';
import { DataTable } from '@/components/ui/data-table';
import { useConfirm } from '@/components/ui/use-confirm';
import { CartCheckoutBar } from './cart-checkout-bar';
import { CartLineInfo } from './cart-line-info';
import { QuantityStepper } from './quantity-stepper';
import type { CartLine } from './types';
import { useCart } from './use-cart';

export type CartLayout = 'list' | 'table';

type LineControls = {
  select: React.ReactNode;
  stepper: React.ReactNode;
  remove: React.ReactNode;
};

export function CartView({ layout }: { layout: CartLayout }) {
  const cart = useCart();
  const [confirm, dialog] = useConfirm();

  if (cart.error && !cart.data) {
    return (
      <section className="card empty" role="alert">
        <p>购物车加载失败。</p>
        <button type="button" className="btn btn-ghost" onClick={() => cart.mutate()}>
          重新加载
        </button>
      </section>
    );
  }
  if (!cart.data) {
    return (
      // As tall as an empty cart (what a first visit gets), and with no visible text of its own that the
      // answer would move: nothing on the page shifts when the cart arrives.
      <section className="card empty cart-empty" aria-busy="true">
        <p>
          <span className="sr-only">加载中…</span>
          <span aria-hidden="true">&nbsp;</span>
        </p>
        <span className="btn cart-empty-slot" aria-hidden="true">
          去逛逛
        </span>
      </section>
    );
  }
  const { items } = cart.data;
  if (items.length === 0) {
    return (
      <section className="card empty cart-empty">
        <p>购物车还是空的。</p>
        <Link href="/ProductList" className="btn">
          去逛逛
        </Link>
      </section>
    );
  }

  const controls = (line: CartLine): LineControls => ({
    select: (
      // The label is the finger's target (44 px); the box inside keeps its 20 px look.
      <label className="check-hit">
        <input
          type="checkbox"
          className="cart-select"
          checked={line.selected && line.available}
          disabled={!line.available}
          aria-label={`选择 ${line.productName} ${line.skuName}`}
          onChange={(e) => cart.setSelected(line.id, e.target.checked)}
        />
      </label>
    ),
    stepper: (
      <QuantityStepper
        value={line.quantity}
        stock={line.stock}
        label={`${line.productName} 的数量`}
        disabled={line.stock <= 0}
        onCommit={(q) => cart.setQuantity(line.id, q)}
      />
    ),
    remove: (
      <button
        type="button"
        className="link-btn cart-remove"
        aria-label={`删除 ${line.productName} ${line.skuName}`}
        onClick={async () => {
          if (await confirm(`确定从购物车删除「${line.productName} ${line.skuName}」吗？`, '删除')) cart.remove(line.id);
        }}
      >
        删除
      </button>
    ),
  });

  const body =
    layout === 'table' ? (
      <DataTable
        caption="购物车商品"
        hideCaption
        wrapClass="cart-table"
        head={['商品', '选择', '单价', '数量', '小计', '操作']}
        rows={items.map((line) => {
          const c = controls(line);
          return {
            key: String(line.id),
            cells: [<CartLineInfo key="i" line={line} showPrice={false} />, c.select, formatFen(line.priceFen), c.stepper, formatFen(line.priceFen * line.quantity), c.remove],
          };
        })}
      />
    ) : (
      <ul className="cart-list" aria-label="购物车商品">
        {items.map((line) => {
          const c = controls(line);
          return (
            <li key={line.id} className="card cart-item" data-unavailable={line.available ? undefined : 'true'}>
              <span className="cart-item-select">{c.select}</span>
              <CartLineInfo line={line} />
              <div className="cart-item-actions">
                {c.stepper}
                {c.remove}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className={`cart-view cart-${layout}`}>
      {body}
      <CartCheckoutBar cart={cart.data} busy={cart.busy} onSelectAll={cart.selectAll} />
      {dialog}
    </div>
  );
}

'use client';
/** One SKU's 售价, 划线价 (yuan in the form, fen on the wire) and 库存. */
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import type { AdminSku } from '@/lib/server/services/admin/catalog';
import { skuUpdateSchema } from '@/lib/validation/admin';

const toFen = (yuan: FormDataEntryValue | null) => {
  const s = String(yuan ?? '').trim();
  return /^\d+(\.\d{1,2})?$/.test(s) ? Math.round(Number(s) * 100) : NaN;
};
const toYuan = (fen: number) => (fen / 100).toFixed(2);

export function SkuForm({ sku }: { sku: AdminSku }) {
  const router = useRouter();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const v = skuUpdateSchema.safeParse({
      priceFen: toFen(f.get('price')),
      listPriceFen: toFen(f.get('listPrice')),
      stock: String(f.get('stock') ?? '').trim(),
      version: sku.version,
    });
    if (!v.success) {
      setError(v.error.issues[0]?.message ?? '请检查价格和库存');
      return;
    }
    setError('');
    setBusy(true);
    try {
      await api.put(`/admin/skus/${sku.id}`, v.data);
      toast.success(`「${sku.name}」已保存`);
      router.refresh();
    } catch {
      // the client toasted the message
    } finally {
      setBusy(false);
    }
  }

  const id = (k: string) => `sku-${sku.id}-${k}`;
  return (
    <form className="admin-sku-row" onSubmit={onSubmit} noValidate aria-label={`规格 ${sku.name}`}>
      <div>
        <strong>{sku.name}</strong>
        <div className="muted small">{sku.code}</div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={id('price')}>售价（元）</label>
        <input id={id('price')} name="price" inputMode="decimal" defaultValue={toYuan(sku.priceFen)} />
      </div>
      <div className="field">
        <label htmlFor={id('list')}>划线价（元）</label>
        <input id={id('list')} name="listPrice" inputMode="decimal" defaultValue={toYuan(sku.listPriceFen)} />
      </div>
      <div className="field">
        <label htmlFor={id('stock')}>库存</label>
        <input id={id('stock')} name="stock" type="number" min={0} defaultValue={sku.stock} />
      </div>
      <button type="submit" className="btn btn-sm" disabled={busy}>
        保存
      </button>
    </form>
  );
}

'use client';
/** One SKU's 售价, 划线价 (yuan in the form, fen on the wire) and 库存. */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { fenToYuanString, yuanStringToFen } from '@/lib/domain/money';
import type { AdminProduct, AdminSku } from '@/lib/server/modules/catalog';
import { skuUpdateSchema } from '@/lib/validation/admin';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend, useSavedVersion } from './use-console-send';

/** The form's yuan → fen for the schema; NaN (「必须是数字」) when it is not a yuan amount. */
const toFen = (yuan: FormDataEntryValue | null) => yuanStringToFen(String(yuan ?? '').trim()) ?? NaN;

export function SkuForm({ sku }: { sku: AdminSku }) {
  const { busy, send, error, valid } = useConsoleSend();
  const [version, setSavedVersion] = useSavedVersion(sku.version);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const data = valid(
      skuUpdateSchema.safeParse({
        priceFen: toFen(f.get('price')),
        listPriceFen: toFen(f.get('listPrice')),
        stock: String(f.get('stock') ?? '').trim(),
        version,
      }),
      '请检查价格和库存',
    );
    if (data) {
      await send(async () => {
        const saved = await api.put<AdminProduct>(`/admin/skus/${sku.id}`, data);
        setSavedVersion(saved.skus.find((s) => s.id === sku.id)?.version ?? sku.version);
      }, `「${sku.name}」已保存`);
    }
  }

  const id = (k: string) => `sku-${sku.id}-${k}`;
  return (
    <form className="admin-sku-row" onSubmit={onSubmit} noValidate aria-label={`规格 ${sku.name}`}>
      <div>
        <strong>{sku.name}</strong>
        <div className="muted small">{sku.code}</div>
        <FieldError message={error} alert />
      </div>
      <div className="field">
        <label htmlFor={id('price')}>售价（元）</label>
        <input id={id('price')} name="price" inputMode="decimal" defaultValue={fenToYuanString(sku.priceFen)} />
      </div>
      <div className="field">
        <label htmlFor={id('list')}>划线价（元）</label>
        <input id={id('list')} name="listPrice" inputMode="decimal" defaultValue={fenToYuanString(sku.listPriceFen)} />
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

'use client';
/** 商品 edit: name, subtitle, description, images (site paths under /images/), on/off sale and 价保 days. */
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { PRODUCT_NAME_MAX, PRODUCT_SUBTITLE_MAX } from '@/lib/domain/catalog-rules';
import { PRICE_PROTECT_DAYS_MAX } from '@/lib/domain/price-protect';
import type { ProductImage } from '@/lib/server/db/schema';
import type { AdminProduct } from '@/lib/server/modules/catalog';
import { shopDateTime } from '@/lib/domain/shop-time';
import { productUpdateSchema } from '@/lib/validation/admin';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend, useSavedVersion } from './use-console-send';

const EMPTY_IMAGE: ProductImage = { src: '/images/', alt: '', width: 800, height: 800 };

export function ProductForm({ product }: { product: AdminProduct }) {
  const [images, setImages] = useState<ProductImage[]>(product.images.length ? product.images : [EMPTY_IMAGE]);
  const { busy, send, error, valid, doneAt } = useConsoleSend();
  const [version, setSavedVersion] = useSavedVersion(product.version);

  const setImage = (i: number, patch: Partial<ProductImage>) => setImages((all) => all.map((img, j) => (j === i ? { ...img, ...patch } : img)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const body = {
      name: String(f.get('name') ?? ''),
      subtitle: String(f.get('subtitle') ?? ''),
      description: String(f.get('description') ?? ''),
      images,
      onSale: f.get('onSale') === 'on',
      // A service has no 价保 (docs/rules.md#价保): its window is not sent.
      ...(product.kind === 'service' ? {} : { priceProtectDays: String(f.get('priceProtectDays') ?? '').trim() }),
      version,
    };
    const data = valid(productUpdateSchema.safeParse(body), '请检查商品信息');
    if (data) await send(async () => setSavedVersion((await api.put<AdminProduct>(`/admin/products/${product.id}`, data)).version), '商品已保存，商城页面已更新');
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="商品信息">
      <div className="field">
        <label htmlFor="p-name">商品名称</label>
        <input id="p-name" name="name" defaultValue={product.name} maxLength={PRODUCT_NAME_MAX} required />
      </div>
      <div className="field">
        <label htmlFor="p-subtitle">副标题</label>
        <input id="p-subtitle" name="subtitle" defaultValue={product.subtitle} maxLength={PRODUCT_SUBTITLE_MAX} />
      </div>
      <div className="field">
        <label htmlFor="p-desc">商品描述</label>
        <textarea id="p-desc" name="description" defaultValue={product.description} rows={6} />
      </div>
      <fieldset className="stack">
        <legend>商品图片（本站 /images/ 下的文件）</legend>
        {images.map((img, i) => (
          <div key={i} className="admin-image-row">
            <div className="field">
              <label htmlFor={`img-src-${i}`}>图片 {i + 1} 地址</label>
              <input id={`img-src-${i}`} value={img.src} onChange={(e) => setImage(i, { src: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`img-alt-${i}`}>图片说明</label>
              <input id={`img-alt-${i}`} value={img.alt} onChange={(e) => setImage(i, { alt: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`img-w-${i}`}>宽</label>
              <input id={`img-w-${i}`} type="number" min={1} value={img.width} onChange={(e) => setImage(i, { width: Number(e.target.value) })} />
            </div>
            <div className="field">
              <label htmlFor={`img-h-${i}`}>高</label>
              <input id={`img-h-${i}`} type="number" min={1} value={img.height} onChange={(e) => setImage(i, { height: Number(e.target.value) })} />
            </div>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImages((all) => all.filter((_, j) => j !== i))} disabled={images.length <= 1}>
              删除
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImages((all) => [...all, EMPTY_IMAGE])}>
          添加图片
        </button>
      </fieldset>
      {product.kind === 'service' ? null : (
        <div className="field">
          <label htmlFor="p-protect">价保天数（付款后，0 为不支持价保）</label>
          <input id="p-protect" name="priceProtectDays" type="number" min={0} max={PRICE_PROTECT_DAYS_MAX} step={1} defaultValue={product.priceProtectDays} required />
        </div>
      )}
      <label className="check-row">
        <input type="checkbox" name="onSale" defaultChecked={product.onSale} /> 上架销售
      </label>
      <FieldError message={error} alert />
      <div className="row">
        <button type="submit" className="btn" disabled={busy}>
          保存商品
        </button>
        {/* Always in the page, so a screen reader announces the text when it appears. */}
        <p role="status" className="admin-saved">
          {doneAt && !busy ? `✓ 已保存（${shopDateTime(doneAt).slice(11)}）` : ''}
        </p>
      </div>
    </form>
  );
}

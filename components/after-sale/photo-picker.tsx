'use client';
/**
 * Photos a shopper adds to a form (after-sales evidence, 评价晒单): checked here for type and size
 * (the server checks the bytes again, docs/after-sales.md#photos), uploaded one by one (POST
 * /uploads), shown with 删除; the form sends their ids.
 */
import { useState } from 'react';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@/lib/domain/uploads';
import { afterSaleApi, type Upload } from '@/lib/api/client';
import './after-sale.css';

type Props = {
  photos: Upload[];
  onChange: (update: (photos: Upload[]) => Upload[]) => void;
  max: number;
  /** 凭证, 晒图 …: names the list's photos for a screen reader. */
  noun: string;
  title: string;
  onUploading?: (busy: boolean) => void;
};

export function PhotoPicker({ photos, onChange, max, noun, title, onUploading }: Props) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = (on: boolean) => {
    setUploading(on);
    onUploading?.(on);
  };

  const add = async (files: FileList | null) => {
    setError(null);
    const list = Array.from(files ?? []).slice(0, max - photos.length);
    for (const file of list) {
      if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) {
        setError('只支持 JPG、PNG、WebP 格式的图片');
        continue;
      }
      if (file.size > UPLOAD_MAX_BYTES) {
        setError(`图片不能超过 ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
        continue;
      }
      busy(true);
      try {
        const up = await afterSaleApi.uploadPhoto(file);
        onChange((p) => [...p, up]);
      } catch {
        // The client has toasted the server's reason.
      } finally {
        busy(false);
      }
    }
  };

  return (
    <div className="after-sale-photos">
      <p className="small">
        {title}
        <span className="muted">（选填，最多 {max} 张，JPG、PNG、WebP，每张不超过 {UPLOAD_MAX_BYTES / 1024 / 1024} MB）</span>
      </p>
      <ul className="photo-list">
        {photos.map((p, i) => (
          <li key={p.id} className="photo-thumb">
            <img src={p.url} alt={`${noun} ${i + 1}`} width={80} height={80} />
            <button type="button" className="photo-remove" onClick={() => onChange((list) => list.filter((x) => x.id !== p.id))} aria-label={`删除${noun} ${i + 1}`}>
              删除
            </button>
          </li>
        ))}
        {photos.length < max ? (
          <li>
            <label className="photo-add" aria-busy={uploading || undefined}>
              <input
                type="file"
                accept={UPLOAD_TYPES.join(',')}
                multiple
                className="sr-only"
                disabled={uploading}
                aria-label={`添加${noun}`}
                onChange={(e) => {
                  void add(e.target.files);
                  e.target.value = '';
                }}
              />
              <span aria-hidden="true">＋</span>
              <span className="small">{uploading ? '上传中…' : '添加图片'}</span>
            </label>
          </li>
        ) : null}
      </ul>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

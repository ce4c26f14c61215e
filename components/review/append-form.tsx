'use client';
/** 追评 of one review in 我的评价: a button that opens the text and photos; once sent the list reloads (追评 is once). */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { REVIEW_PHOTOS_MAX } from '@/lib/domain/review-rules';
import { reviewApi, type Upload } from '@/lib/api/client';
import { PhotoPicker } from '@/components/after-sale/photo-picker';
import { useSubmit } from '@/components/ui/use-form-state';
import { ReviewText } from './review-text';

export function AppendForm({ reviewId, productName }: { reviewId: number; productName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Upload[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  if (!open)
    return (
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)} aria-label={`追评 ${productName}`}>
        追评
      </button>
    );

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!content.trim()) {
      setError('请填写追评内容');
      return;
    }
    if (await submit(() => reviewApi.append(reviewId, { content, imageIds: photos.map((p) => p.id) }))) {
      setOpen(false);
      router.refresh();
    }
  };

  return (
    <form className="review-form stack" onSubmit={send} aria-label={`追评 ${productName}`}>
      <ReviewText label="追评内容" value={content} onChange={(v) => (setContent(v), setError(null))} placeholder="用了一段时间，说说商品现在怎么样" />
      {error ? <p className="field-error">{error}</p> : null}
      <PhotoPicker photos={photos} onChange={setPhotos} max={REVIEW_PHOTOS_MAX} noun="追评晒图" title="晒图" onUploading={setUploading} />
      <div className="row">
        <button type="submit" className="btn" disabled={busy || uploading}>
          {busy ? '提交中…' : '发表追评'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} disabled={busy}>
          取消
        </button>
      </div>
    </form>
  );
}

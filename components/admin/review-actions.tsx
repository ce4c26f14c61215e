'use client';
/**
 * What the operator does with one review: 隐藏 with the reason (kept for the console; the shopper's
 * review leaves the product page and its average) and 商家回复, shown under the review on the product
 * page; a second reply replaces the first. 恢复显示 is a confirmed button (ConsoleActionButton).
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX } from '@/lib/domain/review-rules';
import { reviewHideSchema, reviewReplySchema } from '@/lib/validation/review-admin';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

export function HideReviewForm({ id }: { id: number }) {
  const { busy, send, error, valid } = useConsoleSend();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(reviewHideSchema.safeParse({ reason: new FormData(e.currentTarget).get('reason') }), '请填写隐藏原因');
    if (data) void send(() => api.post(`/admin/reviews/${id}/hide`, data), '评价已隐藏');
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="隐藏评价">
      <div className="field">
        <label htmlFor="rv-hide">隐藏原因（仅运营人员可见）</label>
        <input id="rv-hide" name="reason" maxLength={REVIEW_HIDE_REASON_MAX} aria-describedby={error ? 'rv-hide-error' : undefined} />
      </div>
      <FieldError id="rv-hide-error" message={error} alert />
      <button type="submit" className="btn btn-warm" disabled={busy}>
        隐藏评价
      </button>
    </form>
  );
}

export function ReplyReviewForm({ id, current }: { id: number; current: string | null }) {
  const { busy, send, error, valid } = useConsoleSend();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(reviewReplySchema.safeParse({ content: new FormData(e.currentTarget).get('content') }), '请填写回复内容');
    if (data) void send(() => api.post(`/admin/reviews/${id}/reply`, data), current ? '回复已更新' : '已回复');
  }
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="商家回复">
      <div className="field">
        <label htmlFor="rv-reply">回复内容（显示在商品页该评价下）</label>
        <textarea id="rv-reply" name="content" rows={4} maxLength={REVIEW_REPLY_MAX} defaultValue={current ?? ''} aria-describedby={error ? 'rv-reply-error' : undefined} />
      </div>
      {current ? <p className="small muted">每条评价只有一条商家回复：再次提交将替换原回复。</p> : null}
      <FieldError id="rv-reply-error" message={error} alert />
      <button type="submit" className="btn" disabled={busy}>
        {current ? '更新回复' : '回复'}
      </button>
    </form>
  );
}

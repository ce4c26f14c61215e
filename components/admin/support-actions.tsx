'use client';
/**
 * The console's 客服 controls (docs/support.md#console): 接入 and 结束 (asked in the app's own confirm
 * dialog), the answer box with a photo button (the shoppers' upload rules) and the operator's 常用语
 * (insert one, keep the current text as one, delete one), and the page's own refresh while it is
 * open, so new lines and new conversations appear without reloading.
 */
import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { afterSaleApi, api } from '@/lib/api/client';
import { SUPPORT_TEXT_MAX, type SupportStatus } from '@/lib/domain/support';
import { FieldError } from '@/components/ui/text-field';
import { useConfirm } from '@/components/ui/use-confirm';
import { useConsoleSend } from './use-console-send';

/** How often the open console page asks for what changed. */
const REFRESH_MS = 3_000;

export function SupportLiveRefresh() {
  const router = useRouter();
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, REFRESH_MS);
    return () => clearInterval(t);
  }, [router]);
  return null;
}

export function SupportTakeClose({ id, status, mine }: { id: number; status: SupportStatus; mine: boolean }) {
  const { busy, send } = useConsoleSend();
  const [confirm, dialog] = useConfirm();
  if (status === 'closed') return null;
  return (
    <span className="row">
      {dialog}
      {status === 'waiting' ? (
        <button type="button" className="btn" disabled={busy} onClick={() => void send(() => api.post(`/admin/support/conversations/${id}/take`), '已接入')}>
          接入
        </button>
      ) : null}
      {status === 'waiting' || mine ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={async () => {
            if (await confirm('确定结束这个会话吗？顾客将看到会话已结束，再次提问会开始新的会话。', '结束会话', { cancelLabel: '暂不结束' }))
              void send(() => api.post(`/admin/support/conversations/${id}/close`), '会话已结束');
          }}
        >
          结束
        </button>
      ) : null}
    </span>
  );
}

export function SupportReplyBox({ id, canned }: { id: number; canned: { id: number; text: string }[] }) {
  const router = useRouter();
  const { busy, send, error } = useConsoleSend();
  const [text, setText] = useState('');
  const [formError, setFormError] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const length = [...text].length;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const t = text.trim();
    if (!t) return setFormError('请输入回复内容');
    if ([...t].length > SUPPORT_TEXT_MAX) return setFormError(`回复不能超过 ${SUPPORT_TEXT_MAX} 个字`);
    setFormError('');
    void send(async () => {
      await api.post(`/admin/support/conversations/${id}/messages`, { text: t });
      setText('');
    }, '已回复');
  }

  /** A photo: uploaded as a shopper's would be (its checks and hourly limit), then sent as the answer. */
  async function sendPhoto(file: File | undefined) {
    if (!file) return;
    await send(async () => {
      const up = await afterSaleApi.uploadPhoto(file);
      await api.post(`/admin/support/conversations/${id}/messages`, { imageIds: [up.id] });
    }, '图片已发送');
    if (photo.current) photo.current.value = '';
  }

  async function keep() {
    const t = text.trim();
    if (!t) return setFormError('先在输入框写好要保存的常用语');
    try {
      await api.post('/admin/support/canned', { text: t });
      toast.success('已存为常用语');
      router.refresh();
    } catch {
      // The API client already showed why.
    }
  }

  async function drop(cid: number) {
    try {
      await api.delete(`/admin/support/canned/${cid}`);
      toast.success('已删除常用语');
      router.refresh();
    } catch {
      // The API client already showed why.
    }
  }

  return (
    <form className="form kefu-reply" onSubmit={onSubmit} noValidate aria-label="回复顾客">
      {canned.length ? (
        <div className="kefu-canned" role="group" aria-label="常用语">
          <span className="small muted">常用语：</span>
          {canned.map((c) => (
            <span key={c.id} className="kefu-canned-item">
              <button
                type="button"
                className="btn btn-ghost kefu-canned-use"
                title={c.text}
                onClick={() => {
                  setText(c.text);
                  box.current?.focus();
                }}
              >
                {c.text.length > 18 ? `${c.text.slice(0, 18)}…` : c.text}
              </button>
              <button type="button" className="kefu-canned-drop small" aria-label={`删除常用语：${c.text}`} onClick={() => void drop(c.id)}>
                删除
              </button>
            </span>
          ))}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="kefu-reply">回复（{length}/{SUPPORT_TEXT_MAX}）</label>
        <textarea
          id="kefu-reply"
          ref={box}
          rows={3}
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
          }}
          aria-describedby={formError || error ? 'kefu-reply-error' : undefined}
        />
      </div>
      <FieldError id="kefu-reply-error" message={formError || error} alert />
      <span className="row">
        <button type="submit" className="btn" disabled={busy}>
          发送
        </button>
        <label className={`btn btn-ghost${busy ? ' is-disabled' : ''}`}>
          发送图片
          <input ref={photo} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" disabled={busy} onChange={(e) => void sendPhoto(e.target.files?.[0])} />
        </label>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void keep()}>
          存为常用语
        </button>
        <span className="small muted">Ctrl+Enter 发送</span>
      </span>
    </form>
  );
}

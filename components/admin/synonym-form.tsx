'use client';
/**
 * 添加同义词: a shopper's word and the product word it means, posted to the console's API; from the
 * 搜索 page (both typed) or from 数据's 无结果的搜索 (the word given: 「加为同义词」). The next search
 * applies it at once.
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { SYNONYM_WORD_MAX } from '@/lib/domain/search-words';
import { synonymSchema } from '@/lib/validation/search';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

export function SynonymForm({ id, word }: { id: string; word?: string }) {
  const { busy, send, error, valid } = useConsoleSend();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = valid(synonymSchema.safeParse(Object.fromEntries(new FormData(form))), '请检查同义词');
    if (data) await send(() => api.post('/admin/search/synonyms', data), `已添加：搜索「${data.word}」时也找「${data.target}」`);
  }

  return (
    <form className="synonym-form" onSubmit={onSubmit} noValidate aria-label={word ? `把「${word}」加为同义词` : '添加同义词'}>
      {word ? (
        <input type="hidden" name="word" value={word} />
      ) : (
        <>
          <label htmlFor={`${id}-word`} className="sr-only">
            搜索词
          </label>
          <input id={`${id}-word`} name="word" placeholder="搜索词，如 移动盘" maxLength={SYNONYM_WORD_MAX} aria-describedby={error ? `${id}-error` : undefined} />
        </>
      )}
      <label htmlFor={`${id}-target`} className="sr-only">
        {word ? `「${word}」对应的商品词` : '对应的商品词'}
      </label>
      <input id={`${id}-target`} name="target" placeholder="对应的商品词，如 移动硬盘" maxLength={SYNONYM_WORD_MAX} aria-describedby={error ? `${id}-error` : undefined} />
      <button type="submit" className="btn btn-ghost" disabled={busy}>
        加为同义词
      </button>
      <FieldError id={`${id}-error`} message={error} alert />
    </form>
  );
}

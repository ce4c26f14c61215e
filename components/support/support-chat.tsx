'use client';
/**
 * 在线客服's conversation (docs/support.md#screens), one component for both devices: every earlier
 * session above the current one (查看更多历史消息 loads older ones, a few at a time), each with the
 * card it was asked from, the lines with their times and 已读, a text box (500 characters) and a
 * photo button. New lines come by server-sent events; when the stream cannot stay open, by asking
 * every few seconds. Text is rendered as text; only the shop's own links are clickable.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { afterSaleApi } from '@/lib/api/client';
import { supportApi, type SupportAbout, type SupportLineView, type SupportLines } from '@/lib/api/support';
import { API_BASE } from '@/lib/api/protocol';
import { linkifyOwn, SUPPORT_HOURS_TEXT, SUPPORT_TEXT_MAX } from '@/lib/domain/support';
import { type ChatCard, chatCardOf } from './chat-card';
import './support-chat.css';

/** A session on the screen: its card and lines; the current one takes new lines. */
type Session = { id: number; status: 'waiting' | 'open' | 'closed'; card: ChatCard | null; createdAt: string; lines: SupportLineView[] };

type Props = {
  /** The shopper's current conversation, or null before their first question. */
  conversationId: number | null;
  status: 'waiting' | 'open' | 'closed' | null;
  /** The current conversation's own card. */
  card: ChatCard | null;
  createdAt: string | null;
  /** Whether the shopper has sessions before the current one. */
  earlier: boolean;
  /** What the page was opened from (?productId=, ?orderNo=, ?afterSaleNo=, ?invoiceId=): sent with the next question, shown above the box until then. */
  about: SupportAbout;
  aboutCard: ChatCard | null;
  initial: SupportLineView[];
  readUpTo: number;
  /** The shop's address (SITE_URL): links to it are clickable, any other stays text. */
  origin: string;
};

/** How often the screen asks for new lines when the stream is not open. */
const POLL_MS = 5_000;

const BEIJING = { timeZone: 'Asia/Shanghai' } as const;
/** 14:05 today, 11/25 14:05 before: Beijing time on the server and in the browser alike (the same markup in both). */
const timeOf = (iso: string) => {
  const d = new Date(iso);
  const hm = d.toLocaleTimeString('zh-CN', { ...BEIJING, hour: '2-digit', minute: '2-digit', hour12: false });
  const day = (x: Date) => x.toLocaleDateString('zh-CN', BEIJING);
  return day(d) === day(new Date()) ? hm : `${d.toLocaleDateString('zh-CN', { ...BEIJING, month: 'numeric', day: 'numeric' })} ${hm}`;
};

function CardLink({ card }: { card: ChatCard }) {
  return (
    <a className="support-card" href={card.href}>
      {card.image ? <img src={card.image} alt="" width={56} height={56} /> : null}
      <span>
        <span className="support-card-kind">{card.label}</span>
        <strong>{card.title}</strong>
        <span className="muted small">{card.sub}</span>
      </span>
    </a>
  );
}

/** The line's text; a link is clickable only when it is one of the shop's public pages (`origin`: SITE_URL). */
function LineText({ text, origin }: { text: string; origin: string }) {
  return (
    <>
      {linkifyOwn(text, origin).map((p, i) =>
        p.href ? (
          <a key={i} href={p.href}>
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export function SupportChat({ conversationId, status: initialStatus, card: initialCard, createdAt, earlier: initialEarlier, about, aboutCard, initial, readUpTo: initialRead, origin }: Props) {
  const [id, setId] = useState(conversationId);
  const [card, setCard] = useState(initialCard);
  const [startedAt, setStartedAt] = useState(createdAt);
  // Earlier sessions shown above the current one, oldest first, and whether older ones remain.
  const [past, setPast] = useState<Session[]>([]);
  const [more, setMore] = useState(initialEarlier);
  const [loadingMore, setLoadingMore] = useState(false);
  const keepScroll = useRef<number | null>(null);
  const [status, setStatus] = useState(initialStatus);
  const [lines, setLines] = useState(initial);
  const [readUpTo, setReadUpTo] = useState(initialRead);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<'stream' | 'poll' | 'off'>('off');
  const last = useRef(initial.at(-1)?.id ?? 0);
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The card goes with the next question only while it has not become the conversation's.
  const [pendingAbout, setPendingAbout] = useState(about);
  const [pendingCard, setPendingCard] = useState(aboutCard);

  const merge = useCallback((got: Partial<SupportLines> & { items?: SupportLineView[] }) => {
    if (got.items?.length) {
      setLines((old) => {
        const seen = new Set(old.map((l) => l.id));
        const added = got.items!.filter((l) => !seen.has(l.id));
        return added.length ? [...old, ...added] : old;
      });
      last.current = Math.max(last.current, got.items.at(-1)!.id);
    }
    if (typeof got.readUpTo === 'number') setReadUpTo((r) => Math.max(r, got.readUpTo!));
    if (got.status) setStatus(got.status);
  }, []);

  // Live: the stream while it stays open; asking every POLL_MS when it cannot (an old browser, a proxy).
  useEffect(() => {
    if (!id || status === 'closed') return;
    let poll: ReturnType<typeof setInterval> | null = null;
    let source: EventSource | null = null;
    let failures = 0;
    const startPolling = () => {
      if (poll) return;
      setLive('poll');
      poll = setInterval(() => {
        supportApi.lines(id, last.current).then(merge, () => {});
      }, POLL_MS);
    };
    if (typeof EventSource === 'undefined') startPolling();
    else {
      source = new EventSource(supportApi.streamUrl(id, last.current));
      source.onopen = () => {
        failures = 0;
        setLive('stream');
      };
      source.addEventListener('messages', (e) => merge(JSON.parse((e as MessageEvent).data)));
      source.addEventListener('read', (e) => merge(JSON.parse((e as MessageEvent).data)));
      source.addEventListener('end', () => {
        source?.close();
        setLive('off');
      });
      source.onerror = () => {
        failures += 1;
        // EventSource tries again by itself; after three failures in a row the screen asks instead.
        if (failures >= 3) {
          source?.close();
          startPolling();
        }
      };
    }
    return () => {
      source?.close();
      if (poll) clearInterval(poll);
    };
  }, [id, status, merge]);

  // The newest line in view inside the list, without moving the page (the text box stays where it is).
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length]);
  // Older sessions went in above: the lines in view stay where they were.
  useEffect(() => {
    if (list.current && keepScroll.current !== null) {
      list.current.scrollTop = list.current.scrollHeight - keepScroll.current;
      keepScroll.current = null;
    }
  }, [past.length]);

  async function loadEarlier() {
    setLoadingMore(true);
    try {
      const oldest = past[0]?.id ?? id;
      const got = await supportApi.earlier(oldest ?? undefined);
      keepScroll.current = list.current ? list.current.scrollHeight - list.current.scrollTop : null;
      setPast((old) => [...got.items.map((s) => ({ id: s.id, status: s.status, card: s.card ? chatCardOf(s.card) : null, createdAt: s.createdAt, lines: s.items })), ...old]);
      setMore(got.more);
    } catch {
      // The API client showed why.
    } finally {
      setLoadingMore(false);
    }
  }

  async function send(body: { text: string } | { imageIds: string[] }) {
    setBusy(true);
    try {
      if (!id || status === 'closed' || ('text' in body && Object.values(pendingAbout).some((v) => v !== undefined))) {
        if (!('text' in body)) {
          toast.error('请先发送一句文字说明您的问题');
          return;
        }
        const opened = await supportApi.open({ text: body.text, ...pendingAbout });
        if (opened.id !== id) {
          // A new session: the one before stays above it, with its own card; the new one has the card it was asked from, or none.
          if (id && status) setPast((old) => [...old, { id, status: 'closed', card, createdAt: startedAt ?? '', lines }]);
          setLines([]);
          last.current = 0;
          setCard(pendingCard);
          setStartedAt(new Date().toISOString());
        } else if (pendingCard) setCard(pendingCard);
        setPendingAbout({});
        setPendingCard(null);
        setId(opened.id);
        setStatus('waiting');
        merge(await supportApi.lines(opened.id, opened.id === id ? last.current : 0));
      } else {
        await supportApi.say(id, body);
        merge(await supportApi.lines(id, last.current));
      }
      if ('text' in body) setText('');
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  }

  async function sendPhoto(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const up = await afterSaleApi.uploadPhoto(file);
      setBusy(false);
      await send({ imageIds: [up.id] });
    } catch {
      setBusy(false);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const left = SUPPORT_TEXT_MAX - [...text].length;
  const canPhoto = Boolean(id) && status !== 'closed';
  const lineItem = (l: SupportLineView, current: boolean) => (
    <li key={l.id} className={`support-line support-${l.from}`}>
      <span className="support-who">{l.from === 'shop' ? '量盾客服' : '我'}</span>
      <div className="support-bubble">
        {l.text ? (
          <p className="support-text">
            <LineText text={l.text} origin={origin} />
          </p>
        ) : null}
        {l.imageIds.map((img) => (
          <a key={img} href={`${API_BASE}/uploads/${img}`} target="_blank" rel="noreferrer">
            <img className="support-photo" src={`${API_BASE}/uploads/${img}`} alt="图片" loading="lazy" />
          </a>
        ))}
      </div>
      <span className="support-meta muted small">
        <time dateTime={l.createdAt}>{timeOf(l.createdAt)}</time>
        {l.from === 'shopper' ? <span className="support-read">{l.read || (current && l.id <= readUpTo) ? '已读' : '未读'}</span> : null}
      </span>
    </li>
  );
  const sessionHead = (s: { id: number; card: ChatCard | null; createdAt: string | null }, label: string) => [
    <li key={`head-${s.id}`} className="support-session" role="separator" aria-label={label}>
      <span>{label}</span>
    </li>,
    s.card ? (
      <li key={`card-${s.id}`} className="support-session-card">
        <CardLink card={s.card} />
      </li>
    ) : null,
  ];
  const showCurrentHead = past.length > 0 || more;
  return (
    <section className="support-chat card" aria-label="在线客服">
      {!showCurrentHead && card ? <CardLink card={card} /> : null}
      <p className="muted small support-hours">
        人工客服服务时间：每天 {SUPPORT_HOURS_TEXT}（北京时间），其他时间的留言会在上线后尽快回复。
        {live === 'poll' ? ' 正在自动刷新新消息。' : null}
      </p>
      <ol className="support-lines" ref={list} aria-live="polite" aria-label="会话记录">
        {more ? (
          <li className="support-more">
            <button type="button" className="btn btn-ghost btn-sm" disabled={loadingMore} onClick={() => void loadEarlier()}>
              {loadingMore ? '正在加载…' : '查看更多历史消息'}
            </button>
          </li>
        ) : null}
        {past.flatMap((s) => [...sessionHead(s, `${s.createdAt ? timeOf(s.createdAt) : ''} 的会话 · 已结束`), ...s.lines.map((l) => lineItem(l, false))])}
        {showCurrentHead && id ? sessionHead({ id, card, createdAt: startedAt }, `${startedAt ? timeOf(startedAt) : ''} 的会话${status === 'closed' ? ' · 已结束' : ''}`) : null}
        {lines.length === 0 ? <li className="muted support-empty">您好，请问有什么可以帮您？请在下方输入您的问题。</li> : null}
        {lines.map((l) => lineItem(l, true))}
      </ol>
      {pendingCard && pendingCard.href !== card?.href ? (
        <div className="support-pending" aria-label="将随问题发送">
          <span className="small muted">将随您的问题发送给客服：</span>
          <CardLink card={pendingCard} />
        </div>
      ) : null}
      {status === 'closed' ? <p className="muted small">本次会话已结束，发送新消息将开始新的咨询。</p> : null}
      <form
        className="support-form"
        onSubmit={(e) => {
          e.preventDefault();
          const t = text.trim();
          if (!t) {
            toast.error('请输入消息内容');
            return;
          }
          void send({ text: t });
        }}
      >
        <label className="sr-only" htmlFor="support-text">
          消息内容
        </label>
        <textarea
          id="support-text"
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          rows={2}
          placeholder="请输入您的问题"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className="support-actions">
          <span className={`small ${left < 50 ? 'text-warn' : 'muted'}`}>还可输入 {left} 字</span>
          <label className={`btn btn-ghost btn-sm${canPhoto ? '' : ' is-disabled'}`} title={canPhoto ? '发送图片' : '请先发送一句文字'}>
            图片
            <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" disabled={!canPhoto || busy} onChange={(e) => void sendPhoto(e.target.files?.[0])} />
          </label>
          <button type="submit" className="btn btn-sm" disabled={busy}>
            发送
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * One parcel as the shopper follows it (docs/tracking.md#reads): the carrier, the waybill number with
 * 复制, the state and the timeline newest first. 物流详情 of an order draws it on the server; the
 * after-sales detail draws its return parcel with it in the browser. 复制 is its only client part.
 */
import { CopyButton } from '@/components/ui/copy-button';
import type { ParcelView } from '@/lib/domain/tracking';
import { formatTime } from './format-time';

type Props = Omit<ParcelView, 'signedAt'> & {
  /** The card's heading and its id (包裹信息, 退货物流). */
  title: string;
  titleId: string;
  /** What the parcel belongs to, shown first (订单编号, 售后单号). */
  owner: { term: string; value: string };
  /** Said when no event came yet. */
  noEvents?: string;
  children?: React.ReactNode;
};

export function ParcelTrack({ title, titleId, owner, carrier, trackingNo, state, stateLabel, events, noEvents = '包裹已交给快递公司，暂无物流轨迹，请稍后再看。', children }: Props) {
  return (
    <section className="card logistics" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <dl className="term-list order-facts">
        <div>
          <dt>{owner.term}</dt>
          <dd>{owner.value}</dd>
        </div>
        <div>
          <dt>快递公司</dt>
          <dd>{carrier ?? '—'}</dd>
        </div>
        <div>
          <dt>运单号</dt>
          <dd className="logistics-waybill">
            <span>{trackingNo ?? '—'}</span>
            {trackingNo ? <CopyButton text={trackingNo} label="运单号" /> : null}
          </dd>
        </div>
        <div>
          <dt>物流状态</dt>
          <dd>
            <strong className={`logistics-state logistics-state-${state ?? 'none'}`}>{stateLabel ?? '—'}</strong>
          </dd>
        </div>
      </dl>
      <h3>物流轨迹</h3>
      {events.length ? (
        <ol className="help-timeline logistics-events" aria-label="物流轨迹，最新的在最上面">
          {events.map((e, i) => (
            <li key={i} className={i === 0 ? 'latest' : undefined}>
              <time dateTime={e.time}>{formatTime(e.time)}</time>
              {e.stateLabel ? <span className="logistics-step"> {e.stateLabel}</span> : null}
              <p>
                {e.text}
                {e.place ? <span className="muted small">（{e.place}）</span> : null}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{noEvents}</p>
      )}
      {children}
    </section>
  );
}

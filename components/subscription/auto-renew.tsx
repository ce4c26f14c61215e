'use client';
/**
 * 自动续费 on a subscription's page (docs/subscriptions.md#自动续费). Off, it offers 开通自动续费: the shopper
 * chooses 微信支付 or 支付宝 (nothing is chosen beforehand), reads the rules, and is sent to the provider's
 * page, where the contract is only signed if they agree. On, it offers 关闭自动续费: one click and a confirm,
 * and it is off (the provider's 解约 included). `onChange` lets the page read the subscription again.
 */
import { useId, useState } from 'react';
import { subscriptionApi } from '@/lib/api/client';
import { AUTO_RENEW_RULES, CONTRACT_CHANNEL_LABEL, CONTRACT_CHANNELS, type AutoRenewView, type ContractChannel } from '@/lib/domain/auto-renew';
import { useConfirm } from '@/components/ui/use-confirm';

type Props = {
  subscriptionId: number;
  /** The subscription's contract as the API answers it, or null when it never had one. */
  current: AutoRenewView | null;
  /** Whether the subscription's state allows 开通 (生效中, 即将到期, 宽限期). */
  canOpen: boolean;
  /** While it is on: when and how much the next charge is, in words. */
  nextCharge?: string;
  onChange?: () => void;
};

export function AutoRenew({ subscriptionId, current, canOpen, nextCharge, onChange }: Props) {
  const [confirm, dialog] = useConfirm();
  const [channel, setChannel] = useState<ContractChannel | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [signUrl, setSignUrl] = useState<string | null>(null);
  const legendId = useId();
  const errorId = useId();

  if (current?.state === 'active') {
    const stop = async () => {
      if (!(await confirm('关闭后，服务到期时将不再自动扣款续费。确定关闭自动续费吗？', '关闭自动续费', { cancelLabel: '暂不关闭', danger: true }))) return;
      setBusy(true);
      try {
        await subscriptionApi.stopAutoRenew(subscriptionId);
        onChange?.();
      } catch {
        // The client has said why (a toast); the switch stays as it was.
      } finally {
        setBusy(false);
      }
    };
    return (
      <section className="auto-renew" aria-label="自动续费">
        <p>
          自动续费：<strong>已开通</strong>（{current.channelLabel}）。{AUTO_RENEW_RULES}。
        </p>
        {nextCharge ? (
          <p className="small" data-testid="next-charge">
            {nextCharge}
          </p>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={stop} disabled={busy}>
          关闭自动续费
        </button>
        {dialog}
      </section>
    );
  }

  if (!canOpen) return null;

  const start = async () => {
    if (!channel) return setMissing(true);
    setBusy(true);
    try {
      const r = await subscriptionApi.autoRenew(subscriptionId, channel);
      setSignUrl(r.signUrl);
      window.open(r.signUrl, '_blank', 'noopener');
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auto-renew" aria-label="自动续费">
      <fieldset aria-describedby={missing ? errorId : undefined}>
        <legend id={legendId}>开通自动续费</legend>
        {CONTRACT_CHANNELS.map((c) => (
          <label key={c}>
            <input
              type="radio"
              name={`${legendId}-channel`}
              value={c}
              checked={channel === c}
              onChange={() => {
                setChannel(c);
                setMissing(false);
              }}
            />
            {CONTRACT_CHANNEL_LABEL[c]}
          </label>
        ))}
        {missing ? (
          <p id={errorId} className="field-error" role="alert">
            请选择微信支付或支付宝
          </p>
        ) : null}
      </fieldset>
      <p className="small">{AUTO_RENEW_RULES}。签约在{channel ? CONTRACT_CHANNEL_LABEL[channel] : '所选支付方式'}的页面中确认，确认前不会开通。</p>
      {current?.state === 'signing' ? <p className="small">上次的签约尚未完成，可再次开通。</p> : null}
      <button type="button" className="btn" onClick={start} disabled={busy}>
        开通自动续费
      </button>
      {signUrl ? (
        <p role="status">
          请在打开的页面中确认签约；页面没有打开时，
          <a href={signUrl} target="_blank" rel="noopener noreferrer">
            点此前往签约
          </a>
          。签约完成后
          <button type="button" className="link-btn" onClick={() => onChange?.()}>
            刷新状态
          </button>
          。
        </p>
      ) : null}
    </section>
  );
}

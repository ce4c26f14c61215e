'use client';
/**
 * 消息设置 (docs/messages.md#settings): per category, whether an SMS goes out as well as the message in
 * the 消息中心. A switch saves at once (PUT /messages/settings with the whole set) and says so; a failed
 * save puts the switch back. The security codes, the payment news and the 到货通知 a shopper asked for
 * on a product page go by SMS whatever is set here: the screen says so above the switches.
 */
import useSWR from 'swr';
import toast from 'react-hot-toast';
import { useSubmit } from '@/components/ui/use-form-state';
import { messagesApi } from '@/lib/api/client';
import { MESSAGE_CATEGORIES, MESSAGE_CATEGORY_LABEL, type MessageCategory, type MessageSettings } from '@/lib/domain/messages';
import './messages.css';

/** What each category's SMS would be about. */
const WHAT: Record<MessageCategory, string> = {
  trade: '发货、派送、签收和自动确认收货',
  aftersale: '售后审核结果、退货签收、退款到账和换货发出',
  promotion: '优惠券快到期、收藏商品降价',
  service: '发票开具与红冲',
};

export function MessageSettingsForm() {
  const { data, error, mutate } = useSWR('/messages/settings', () => messagesApi.settings(), { shouldRetryOnError: false });
  const { busy, submit } = useSubmit();

  async function toggle(category: MessageCategory, on: boolean) {
    if (!data) return;
    const next: MessageSettings = { sms: { ...data.sms, [category]: on } };
    await submit(async () => {
      // Shown switched at once; the server's answer is what stays.
      await mutate(
        async () => {
          const saved = await messagesApi.saveSettings(next);
          toast.success(`${MESSAGE_CATEGORY_LABEL[category]}：${on ? '将同时发送短信' : '不再发送短信'}`);
          return saved;
        },
        { optimisticData: next, rollbackOnError: true, revalidate: false },
      );
    });
  }

  if (error) {
    return (
      <section className="card empty">
        <p>消息设置没有加载出来，请检查网络后重试</p>
        <button type="button" className="btn btn-ghost" onClick={() => mutate()}>
          重新加载
        </button>
      </section>
    );
  }
  return (
    <section className="card stack" aria-labelledby="msg-sms-title">
      <h2 id="msg-sms-title" className="msg-settings-title">
        短信通知
      </h2>
      <p className="msg-always">登录、注册等安全验证码，付款成功的通知，以及您在商品页订阅的到货通知，始终会通过短信发送，不受下面的设置影响。</p>
      {data ? (
        <ul className="msg-switches">
          {MESSAGE_CATEGORIES.map((c) => (
            <li key={c}>
              <label className="msg-switch">
                <span>
                  <strong>{MESSAGE_CATEGORY_LABEL[c]}</strong>
                  <span className="muted small">{WHAT[c]}</span>
                </span>
                <input type="checkbox" role="switch" checked={data.sms[c]} disabled={busy} onChange={(e) => toggle(c, e.target.checked)} aria-describedby="msg-sms-note" />
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" aria-busy="true">
          正在加载…
        </p>
      )}
      <p id="msg-sms-note" className="muted small">
        打开后，这类消息除了出现在消息中心，也会发短信到您的登录手机号；关闭后只在消息中心查看。
      </p>
    </section>
  );
}

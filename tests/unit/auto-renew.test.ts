/**
 * 自动续费's rules (lib/domain/auto-renew.ts): the contract's table of moves held to its page in
 * docs/subscriptions.md, who may open it, and the subscription page's component: nothing chosen for the
 * shopper, the rules shown before signing, 关闭 offered once it is on.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AutoRenew } from '@/components/subscription/auto-renew';
import { AUTO_RENEW_ATTEMPTS, AUTO_RENEW_NOTICE_DAYS, AUTO_RENEW_REFUSED, AUTO_RENEW_RULES, AUTO_RENEW_STATES, CONTRACT_ACTORS, CONTRACT_STATES, CONTRACT_TRANSITIONS, chargeDueAt, nextChargeAttempt, type AutoRenewView } from '@/lib/domain/auto-renew';
import { DAY_MS } from '@/lib/domain/shop-time';
import { mayMove } from '@/lib/domain/moves';
import { GRACE_DAYS, SUBSCRIPTION_STATE_LABEL } from '@/lib/domain/subscription';
import { documentedMoves, knownActor, movesInCode } from './documented-moves';

describe('the contract table of moves', () => {
  it('docs/subscriptions.md lists exactly the moves of the table, with who makes them', () => {
    const documented = documentedMoves('subscriptions.md', '### Contract moves', knownActor(CONTRACT_ACTORS, 'docs/subscriptions.md'));
    expect([...new Set(documented)].sort()).toEqual(movesInCode(CONTRACT_TRANSITIONS).sort());
  });

  it('an ended contract never moves again, and only the provider signs one', () => {
    for (const to of CONTRACT_STATES) expect(mayMove(CONTRACT_TRANSITIONS, 'terminated', to)).toBe(false);
    expect(mayMove(CONTRACT_TRANSITIONS, 'signing', 'active', 'provider')).toBe(true);
    expect(mayMove(CONTRACT_TRANSITIONS, 'signing', 'active', 'shopper')).toBe(false);
    expect(mayMove(CONTRACT_TRANSITIONS, 'active', 'signing')).toBe(false);
  });
});

describe('who may open 自动续费', () => {
  it('a subscription in force, due soon or in its 宽限期; every other state says why not', () => {
    expect([...AUTO_RENEW_STATES].sort()).toEqual(['active', 'due_soon', 'grace']);
    for (const s of Object.keys(SUBSCRIPTION_STATE_LABEL) as (keyof typeof SUBSCRIPTION_STATE_LABEL)[]) {
      if (!AUTO_RENEW_STATES.includes(s)) expect(AUTO_RENEW_REFUSED[s], s).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('the rules name the notice days and that it can be stopped', () => {
    expect(AUTO_RENEW_RULES).toBe(`到期前 ${AUTO_RENEW_NOTICE_DAYS} 天通知扣款金额，可随时关闭`);
  });
});

describe('the subscription page component', () => {
  const render = (current: AutoRenewView | null, canOpen = true) => renderToStaticMarkup(createElement(AutoRenew, { subscriptionId: 7, current, canOpen }));
  const active: AutoRenewView = { subscriptionId: 7, channel: 'alipay', channelLabel: '支付宝', state: 'active', stateLabel: '已开通', signedAt: null, terminatedAt: null };

  it('off: both providers offered, neither chosen, the rules shown', () => {
    const html = render(null);
    expect(html).toContain('微信支付');
    expect(html).toContain('支付宝');
    expect(html).toContain('开通自动续费');
    expect(html).toContain(AUTO_RENEW_RULES);
    expect(html).not.toMatch(/checked/);
  });

  it('on: 关闭自动续费 and which provider; not offered at all when the subscription may not open it', () => {
    const html = render(active);
    expect(html).toContain('关闭自动续费');
    expect(html).toContain('已开通');
    expect(html).toContain('支付宝');
    expect(html).not.toContain('type="radio"');
    expect(render(null, false)).toBe('');
  });
});

describe('the charging schedule', () => {
  const end = new Date('2027-06-16T06:00:00Z');
  it('charges on the end when the notice came 5 days or more before it, else 5 days after the notice', () => {
    expect(chargeDueAt(end, new Date(end.getTime() - 30 * DAY_MS))).toEqual(end);
    expect(chargeDueAt(end, new Date(end.getTime() - AUTO_RENEW_NOTICE_DAYS * DAY_MS))).toEqual(end);
    const late = new Date(end.getTime() - 2 * DAY_MS);
    expect(chargeDueAt(end, late)).toEqual(new Date(late.getTime() + AUTO_RENEW_NOTICE_DAYS * DAY_MS));
    // A contract signed in the 宽限期: still never sooner than 5 days after its notice.
    const after = new Date(end.getTime() + 3 * DAY_MS);
    expect(chargeDueAt(end, after).getTime() - after.getTime()).toBe(AUTO_RENEW_NOTICE_DAYS * DAY_MS);
  });

  it('retries 1 and 3 days after the first attempt, then none: three attempts in all, the last within the 宽限期', () => {
    const first = end;
    const second = nextChargeAttempt(1, first)!;
    const third = nextChargeAttempt(2, second)!;
    expect(second.getTime() - first.getTime()).toBe(DAY_MS);
    expect(third.getTime() - first.getTime()).toBe(3 * DAY_MS);
    expect(nextChargeAttempt(3, third)).toBeNull();
    expect(AUTO_RENEW_ATTEMPTS).toBe(3);
    expect(third.getTime() - end.getTime()).toBeLessThan(GRACE_DAYS * DAY_MS);
  });
});

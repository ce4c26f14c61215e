import Link from 'next/link';
import { MessageCenter } from '@/components/messages/message-center';
import { MessageSettingsForm } from '@/components/messages/message-settings-form';
import { SupportUnread } from '@/components/support/support-unread';
import { MESSAGE_CATEGORIES, type MessageCategory } from '@/lib/domain/messages';
import { screenHref } from '@/lib/domain/screens';
import { queryValue } from '@/lib/web/page-query';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

const categoryOf = (v: string | undefined): MessageCategory | undefined => MESSAGE_CATEGORIES.find((c) => c === v);

/**
 * 消息中心 (/Message on a phone, /personalCenter/PersonalMessage on a desktop): the shopper's messages
 * by category (docs/messages.md#screens). The frame reads the session, so the page renders per
 * request and an anonymous visitor gets the login prompt; the list is the API's.
 */
export function MessageScreen({ path, device, query }: QueryProps) {
  const page = Math.max(1, Math.min(10_000, Number(queryValue(query, 'page')) || 1));
  const category = categoryOf(queryValue(query, 'category'));
  return (
    <AccountFrame
      path={path}
      heading="消息中心"
      what="您的交易物流、售后退款、优惠促销和服务通知"
      guestIntro="付款、发货、物流和售后的每一步都会通知您，登录后在这里查看。"
      top={
        <p className="row">
          <Link href={screenHref('messageSettings', device)} prefetch={false} className="tap">
            消息设置
          </Link>
          <span className="muted small">选择哪些消息同时发短信</span>
        </p>
      }
      account={() => (
        <>
          {/* 在线客服's answers are a conversation of their own (docs/support.md#unread): their count, and the way there. */}
          <p className="row">
            <Link href="/Support" prefetch={false} className="tap">
              在线客服
            </Link>
            <SupportUnread />
            <span className="muted small">客服的回复在会话里查看</span>
          </p>
          <MessageCenter key={`${category ?? 'all'}:${page}`} path={path} category={category} page={page} />
        </>
      )}
    />
  );
}

/** 消息设置 (/MessageSetting on a phone, /personalCenter/PersonalMessageSetting on a desktop): SMS per category. */
export function MessageSettingScreen({ path }: QueryProps) {
  return (
    <AccountFrame path={path} heading="消息设置" what="您的消息设置" guestIntro="选择交易物流、售后退款、优惠促销和服务通知是否同时发短信。" account={() => <MessageSettingsForm />} />
  );
}

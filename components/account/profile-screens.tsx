import Link from 'next/link';
import { LogoutButton } from '@/components/auth/logout-button';
import { DeregisterForm } from '@/components/auth/deregister-form';
import { OwnCounts } from '@/components/favorites/own-counts';
import { PasswordForm } from '@/components/auth/password-form';
import { ProfileForm } from '@/components/auth/profile-form';
import type { Profile } from '@/components/auth/types';
import { CardSection } from '@/components/ui/card-section';
import { LinkMenu } from '@/components/ui/link-menu';
import { TermList } from '@/components/ui/lists';
import { PRIVACY_PATH, TERMS_PATH } from '@/lib/shop-identity';
import { screenHref } from '@/lib/domain/screens';
import { SupportUnread } from '@/components/support/support-unread';
import { AccountFrame } from './account-frame';
import { OrderShortcuts } from './order-shortcuts';
import type { ScreenProps } from './screen-props';

type UserScreenProps = ScreenProps & { user: Profile | null };

/** The masked phone and the nickname of the logged-in user. */
function UserCard({ user }: { user: Profile }) {
  return (
    <section className="card user-card" aria-label="账号">
      <div className="user-avatar" aria-hidden="true">
        {(user.nickname?.trim() || '我').slice(0, 1)}
      </div>
      <div>
        <p className="user-name">{user.nickname?.trim() || '未设置昵称'}</p>
        <p className="muted small">手机号 {user.phone}</p>
      </div>
    </section>
  );
}

/** 我的 (/User, mobile): the user card (or the login form) and the account menu. */
export function UserScreen({ path, user }: UserScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading="我的"
      what="您的订单、收货地址和发票"
      user={user}
      account={(u) => (
        <>
          <UserCard user={u} />
          <OwnCounts userId={u.id} />
          <OrderShortcuts userId={u.id} />
        </>
      )}
    >
      <LinkMenu
        label="账号与服务"
        links={[
          ...(user ? [] : [{ href: screenHref('orders', 'mobile'), label: '我的订单' }]),
          { href: screenHref('messages', 'mobile'), label: '消息中心' },
          { href: '/Support', label: '在线客服', extra: user ? <SupportUnread /> : null },
          ...(user ? [{ href: screenHref('reviews', 'mobile'), label: '我的评价' }] : []),
          { href: screenHref('favorites', 'mobile'), label: '我的收藏' },
          { href: screenHref('history', 'mobile'), label: '我的足迹' },
          { href: screenHref('priceProtect', 'mobile'), label: '价保' },
          { href: screenHref('coupons', 'mobile'), label: '我的优惠券' },
          { href: '/couponCenter', label: '领券中心' },
          { href: screenHref('services', 'mobile'), label: '我的服务' },
          { href: screenHref('address', 'mobile'), label: '收货地址' },
          { href: screenHref('invoice', 'mobile'), label: '发票' },
          ...(user ? [{ href: screenHref('profile', 'mobile'), label: '个人信息' }] : []),
          { href: '/Setting', label: '设置' },
          { href: '/helpCenter', label: '帮助中心' },
          { href: '/aboutMe', label: '联系我们' },
        ]}
      />
      {user ? <LogoutButton className="btn btn-ghost btn-block" /> : null}
    </AccountFrame>
  );
}

/** The profile facts: masked phone, nickname, email, password state. */
function ProfileFacts({ user }: { user: Profile }) {
  return (
    <dl className="term-list profile-facts">
      <div>
        <dt>手机号</dt>
        <dd>{user.phone}</dd>
      </div>
      <div>
        <dt>昵称</dt>
        <dd>{user.nickname?.trim() || '未设置'}</dd>
      </div>
      <div>
        <dt>邮箱</dt>
        <dd>{user.email?.trim() || '未设置'}</dd>
      </div>
      <div>
        <dt>登录密码</dt>
        <dd>{user.hasPassword ? '已设置' : '未设置（可用验证码登录）'}</dd>
      </div>
    </dl>
  );
}

/** 个人信息 (/userInfo on mobile, /personalCenter/PersonalInfo on desktop). */
export function ProfileScreen({ path, user }: UserScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading="个人信息"
      what="您的个人信息"
      user={user}
      account={(u) => (
        <>
          <CardSection title="账号信息">
            <ProfileFacts user={u} />
          </CardSection>
          <CardSection title="编辑资料">
            <ProfileForm profile={u} />
          </CardSection>
          <section className="card">
            <PasswordForm key={String(u.hasPassword)} hasPassword={u.hasPassword} phone={u.phone} />
          </section>
          {/* The desktop's account settings live here (/Setting is the phone's). */}
          {path === '/personalCenter/PersonalInfo' ? (
            <>
              <CardSection title="消息设置">
                <p className="row">
                  <span className="muted">选择交易物流、售后退款等消息是否同时发短信。</span>
                  <Link href={screenHref('messageSettings', 'desktop')} prefetch={false}>
                    去设置
                  </Link>
                </p>
              </CardSection>
              <section className="card">
                <DeregisterForm phone={u.phone} />
              </section>
            </>
          ) : null}
        </>
      )}
      guestGuide={
        <CardSection title="个人信息包含">
          <TermList
            items={[
              { term: '手机号', text: '您的登录账号，显示时隐藏中间四位。' },
              { term: '昵称', text: '可随时修改。' },
              { term: '邮箱', text: '可随时修改。' },
              {
                term: '登录密码',
                text: (
                  <>
                    在<Link href="/Setting">设置</Link>中设置或修改；设置后也可以用手机号加密码登录。
                  </>
                ),
              },
            ]}
          />
        </CardSection>
      }
    />
  );
}

/** 设置 (/Setting): the password form, 退出登录 and more links. */
export function SettingScreen({ path, user }: UserScreenProps) {
  return (
    <AccountFrame
      path={path}
      heading="设置"
      what="您的账号设置"
      user={user}
      account={(u) => (
        <>
          <section className="card">
            <PasswordForm key={String(u.hasPassword)} hasPassword={u.hasPassword} phone={u.phone} />
          </section>
          <section className="card">
            <DeregisterForm phone={u.phone} />
          </section>
        </>
      )}
      guestGuide={
        <CardSection title="账号与安全">
          <TermList
            items={[
              { term: '登录密码', text: '用短信验证码或原密码设置、修改登录密码；设置后可以用手机号加密码登录。' },
              { term: '退出登录', text: '退出后本设备上的登录状态立即失效，再次使用需重新登录。' },
              { term: '注销账号', text: '用短信验证码确认后注销，个人资料被删除，订单与发票依法保留交易记录。' },
            ]}
          />
        </CardSection>
      }
    >
      <LinkMenu
        label="更多"
        links={[
          { href: screenHref('profile', 'mobile'), label: '个人信息' },
          { href: screenHref('address', 'mobile'), label: '收货地址' },
          { href: screenHref('messageSettings', 'mobile'), label: '消息设置' },
          { href: '/helpCenter', label: '帮助中心' },
          { href: '/About', label: '关于量盾' },
          { href: '/aboutMe', label: '联系我们' },
          { href: TERMS_PATH, label: '用户协议' },
          { href: PRIVACY_PATH, label: '隐私政策' },
        ]}
      />
      {user ? <LogoutButton className="btn btn-ghost btn-block" /> : null}
    </AccountFrame>
  );
}

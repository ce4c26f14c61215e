import Link from 'next/link';
import { AccountFrame } from './account-frame';
import type { ScreenProps } from './account-paths';
import { FrameSection, TermList } from './frame-parts';
import { LinkMenu } from './link-menu';

/** 我的 (/User, mobile): the login prompt and the account menu. */
export function UserScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="我的" what="您的订单、收货地址和发票">
      <LinkMenu
        label="我的服务"
        links={[
          { href: '/Order', label: '我的订单' },
          { href: '/Address', label: '收货地址' },
          { href: '/Invoice', label: '发票' },
          { href: '/Setting', label: '设置' },
          { href: '/helpCenter', label: '帮助中心' },
          { href: '/aboutMe', label: '联系客服' },
        ]}
      />
    </AccountFrame>
  );
}

/** 个人信息 (/userInfo on mobile, /personalCenter/PersonalInfo on desktop). */
export function ProfileScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="个人信息" what="您的个人信息">
      <FrameSection title="个人信息包含">
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
      </FrameSection>
    </AccountFrame>
  );
}

/** 设置 (/Setting): account security and more links. */
export function SettingScreen({ path }: ScreenProps) {
  return (
    <AccountFrame path={path} heading="设置" what="您的账号设置">
      <FrameSection title="账号与安全">
        <TermList
          items={[
            { term: '登录密码', text: '用短信验证码或原密码设置、修改登录密码；设置后可以用手机号加密码登录。' },
            { term: '退出登录', text: '退出后本设备上的登录状态立即失效，再次使用需重新登录。' },
          ]}
        />
      </FrameSection>
      <LinkMenu
        label="更多"
        links={[
          { href: '/userInfo', label: '个人信息' },
          { href: '/Address', label: '收货地址' },
          { href: '/helpCenter', label: '帮助中心' },
          { href: '/About', label: '关于量盾' },
          { href: '/aboutMe', label: '联系我们' },
        ]}
      />
    </AccountFrame>
  );
}

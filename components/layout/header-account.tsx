'use client';
/**
 * The desktop header's account corner: the user's name (→ personal center) and 退出登录 when a token
 * exists, else 登录, which opens the login dialog (its code loads only when first opened).
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import useSWR from 'swr';
import { swrFetcher } from '@/lib/api/client';
import { screenHref } from '@/lib/domain/screens';
import { LogoutButton } from '@/components/auth/logout-button';
import { displayName, type Profile } from '@/components/auth/types';
import { useAuthToken } from '@/store/auth';

const LoginDialog = dynamic(() => import('@/components/auth/login-dialog').then((m) => m.LoginDialog), { ssr: false });

export function HeaderAccount() {
  const { token, hydrated } = useAuthToken();
  const [open, setOpen] = useState(false);
  const { data: profile } = useSWR<Profile>(token ? '/user/profile' : null, swrFetcher);

  if (hydrated && token) {
    return (
      <span className="header-account">
        <Link href={screenHref('profile', 'desktop')} prefetch={false} className="header-user" title={profile ? displayName(profile) : undefined}>
          {profile ? displayName(profile) : '我的'}
        </Link>
        <LogoutButton className="header-link-btn" />
      </span>
    );
  }
  return (
    <>
      <button type="button" className="header-link-btn" onClick={() => setOpen(true)} aria-haspopup="dialog">
        登录
      </button>
      {open ? <LoginDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

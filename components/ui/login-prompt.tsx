import Link from 'next/link';

/** What a logged-in-only screen shows an anonymous visitor. */
export function LoginPrompt({ what }: { what: string }) {
  return (
    <div className="card empty" role="status">
      <h2 style={{ color: 'var(--c-text)' }}>请先登录</h2>
      <p>登录后即可查看{what}。手机号验证码登录，新手机号将自动注册。</p>
      <Link href="/User" className="btn">
        登录
      </Link>
    </div>
  );
}

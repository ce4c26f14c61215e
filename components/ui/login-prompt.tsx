import { LazyLoginForm } from '@/components/auth/lazy-login-form';

/** What a logged-in-only screen shows an anonymous visitor: why to log in, and the login form itself. */
export function LoginPrompt({ what }: { what: string }) {
  return (
    <section className="card login-prompt" aria-labelledby="login-prompt-title">
      <div className="center muted">
        <h2 id="login-prompt-title" style={{ color: 'var(--c-text)' }}>
          请先登录
        </h2>
        <p>登录后即可查看{what}。手机号验证码登录，新手机号将自动注册。</p>
      </div>
      <LazyLoginForm />
    </section>
  );
}

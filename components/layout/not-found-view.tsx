import Link from 'next/link';

/**
 * The 404 page body (docs/routes.md#not-found): lost-page message, 404 image, invitation, 返回首页.
 * Every page's payload carries it (its not-found boundary), and an eager image there is preloaded by
 * every page: lazy, it loads only where it is shown.
 */
export function NotFoundView() {
  return (
    <section className="not-found">
      <h1>404 - 页面未找到</h1>
      <p>抱歉，您访问的页面走丢了。</p>
      <img src="/images/404.svg" alt="页面走丢了的插图" width={320} height={220} loading="lazy" />
      <p className="muted">请点击下方按钮继续浏览。</p>
      <Link href="/" className="btn">
        返回首页
      </Link>
    </section>
  );
}

// A small static page, prerendered at build: what `next start` serves with no data, no proxy and no server of ours.
export default function Page() {
  return (
    <main>
      <h1>量盾商城</h1>
      <p>量子加密耳机、头戴耳机、移动硬盘与量子安全订阅服务。</p>
      <ul>
        <li>量子加密耳机</li>
        <li>量子加密头戴耳机</li>
        <li>量子加密移动硬盘</li>
        <li>量子加密服务</li>
      </ul>
    </main>
  );
}

import Link from 'next/link';
import { HeroCarousel } from '@/components/home/hero-carousel';
import { SearchForm } from '@/components/layout/search-form';
import { ProductGrid } from '@/components/product/product-grid';
import { requireNoRest, type RestParams } from '@/lib/server/cache/cached-route';
import { cachedFeaturedProducts, cachedProductsInCategory } from '@/lib/server/views/product-cards-cached';
import { routeMetadata } from '@/lib/seo/metadata';

export { generateStaticParams } from '@/lib/server/cache/cached-route';

export const metadata = routeMetadata('/');

const LINES = [
  { href: '/EarphoneDetails', title: '量子加密耳机', text: 'Q1 与 Q1 青春版，通话一次一密' },
  { href: '/quantumHeadset', title: '量子加密头戴耳机', text: '100 / 200 / T20，从坐席到指挥' },
  { href: '/quantumDisk', title: '量子加密移动硬盘', text: '硬件全盘加密，丢失远程吊销' },
  { href: '/quantumMail', title: '量子安全服务', text: '邮箱、即时通讯、会议与身份' },
];

const WHY = [
  { title: '一次一密', text: '会话密钥来自量子密钥分发网络，每次通话、每封邮件都不同，截获旧密钥也解不开新内容。' },
  { title: '终端加密', text: '加密发生在耳机、硬盘和您的设备里，传输链路与服务器上只有密文。' },
  { title: '丢了也安全', text: '设备丢失后在量盾 App 中一键吊销密钥，盘内数据与通话记录即刻无法解密。' },
  { title: '合规可审计', text: '支持国密算法与等保要求，企业可私有化部署并接入自有审计系统。' },
];

export default async function HomePage({ params }: { params: RestParams }) {
  await requireNoRest(params);
  const [featured, services] = await Promise.all([cachedFeaturedProducts(), cachedProductsInCategory('services')]);
  return (
    <>
      <h1 className="sr-only">量盾商城：量子加密耳机、移动硬盘与量子安全服务</h1>
      {/* The phone's search box (the desktop header has its own). */}
      <SearchForm id="home-search" className="mobile-only search-form-wide" />
      <HeroCarousel />

      <section className="section" aria-labelledby="lines">
        <h2 id="lines" className="sr-only">
          产品线
        </h2>
        <ul className="grid grid-4" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {LINES.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="card" style={{ display: 'block', height: '100%' }} prefetch={false}>
                <strong>{l.title}</strong>
                <br />
                <span className="muted small">{l.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="featured">
        <div className="section-title">
          <h2 id="featured">热门商品</h2>
          <Link href="/ProductList">查看全部</Link>
        </div>
        <ProductGrid products={featured} />
      </section>

      <section className="section" aria-labelledby="services">
        <div className="section-title">
          <h2 id="services">量子安全服务</h2>
          <Link href="/ProductList?category=services">全部服务</Link>
        </div>
        <ProductGrid products={services} />
      </section>

      <section className="section card" aria-labelledby="why">
        <h2 id="why">为什么选择量子加密</h2>
        <div className="grid grid-4">
          {WHY.map((w) => (
            <div key={w.title}>
              <h3>{w.title}</h3>
              <p className="muted small">{w.text}</p>
            </div>
          ))}
        </div>
        <p>
          想在单位内部部署？<Link href="/deployment">预约私有化部署咨询</Link>，或看看<Link href="/userStories">客户案例</Link>。
        </p>
      </section>
    </>
  );
}

/** Home carousel slides (art in public/images/banners, 1200×400). */
export const BANNERS = [
  { src: '/images/banners/earbuds.svg', alt: '量盾 Q1 量子加密耳机：每一次通话都是一次一密', href: '/EarphoneDetails' },
  { src: '/images/banners/disk.svg', alt: '量盾 200 量子加密移动硬盘：指纹解锁，丢失可远程吊销', href: '/quantumDisk_200' },
  { src: '/images/banners/services.svg', alt: '量子邮箱、量子钉、量子会议、量子身份：量子安全办公全家桶', href: '/quantumMail' },
] as const;

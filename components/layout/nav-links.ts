import { screenHref } from '@/lib/domain/screens';

/** The shop's navigation, shared by the desktop header, the footer and the mobile tab bar. */
export const MAIN_NAV = [
  { href: '/', label: '首页' },
  { href: '/ProductList', label: '全部商品' },
  { href: '/EarphoneDetails', label: '加密耳机' },
  { href: '/quantumHeadset', label: '头戴耳机' },
  { href: '/quantumDisk', label: '移动硬盘' },
  { href: '/ProductList?category=services', label: '量子服务' },
  // 客户案例 is in the footer's 关于 column: the header's room went to the coupon centre.
  { href: '/couponCenter', label: '领券中心' },
  { href: '/helpCenter', label: '帮助中心' },
] as const;

export const FOOTER_NAV = [
  {
    title: '产品',
    links: [
      { href: '/EarphoneDetails', label: '量子加密耳机' },
      { href: '/quantumHeadset', label: '量子加密头戴耳机' },
      { href: '/quantumDisk', label: '量子加密移动硬盘' },
      { href: '/QuantumDisks', label: '硬盘选购指南' },
    ],
  },
  {
    title: '服务',
    links: [
      { href: '/quantumMail', label: '量子邮箱' },
      { href: '/quantumDing', label: '量子钉' },
      { href: '/quantumMeeting', label: '量子会议' },
      { href: '/quantumIdentity', label: '量子身份' },
    ],
  },
  {
    title: '帮助',
    links: [
      { href: '/helpCenter', label: '帮助中心' },
      { href: '/helpCenter/userGuide', label: '购物指南' },
      { href: '/SDK', label: '开发者 SDK' },
      { href: '/deployment', label: '私有化部署' },
    ],
  },
  {
    title: '关于',
    links: [
      { href: '/About', label: '关于量盾' },
      { href: '/aboutMe', label: '联系我们' },
      { href: '/userStories', label: '客户案例' },
    ],
  },
] as const;

/** Pages with a bottom bar of their own on a phone (a product's 购买 bar, the checkout's 提交订单): the tab bar gives way. */
export function hasOwnBottomBar(pathname: string): boolean {
  return pathname.startsWith('/proc/') || pathname === screenHref('checkout', 'mobile');
}

export const TABS = [
  { href: '/', label: '首页', icon: 'home' },
  { href: '/Category', label: '分类', icon: 'grid' },
  { href: screenHref('cart', 'mobile'), label: '购物车', icon: 'cart' },
  { href: screenHref('account', 'mobile'), label: '我的', icon: 'user' },
] as const;

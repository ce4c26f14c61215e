/** Pieces several landing pages share: product ids, hero art, the service purchase steps, common links. */
import type { LandingBlock, LandingContent, LinkItem } from './types';

/** The catalog ids of lib/server/db/seed-catalog.ts. */
export const PRODUCT = {
  q1: 10909,
  q1Lite: 10910,
  headset100: 10924,
  headset200: 10913,
  t20: 10914,
  disk100: 10916,
  disk200: 10915,
  mail: 10920,
  ding: 10921,
  meeting: 10922,
  identity: 10923,
} as const;

type ArtName = 'earbuds' | 'headset' | 'disk' | 'mail' | 'chat' | 'meeting' | 'identity';

/** Hero art: a hand-written SVG of public/images/landing/ (480 × 360). */
export function art(name: ArtName, alt: string): LandingContent['hero']['art'] {
  return { src: `/images/landing/${name}.svg`, alt, width: 480, height: 360 };
}

export const SPECS_ACTION = { href: '#specs', label: '查看参数' };
export const DEPLOY_ACTION = { href: '/deployment', label: '预约部署' };

/** How a subscription is bought and switched on (the same for every service product). */
export function serviceActivation(service: string, consoleName: string): LandingBlock {
  return {
    kind: 'steps',
    id: 'activate',
    title: '购买与开通',
    steps: [
      { title: '选择版本与数量', text: `在商品页选择${service}的版本，按需要的账号数或套数填写购买数量。` },
      { title: '付款即发激活码', text: '使用微信支付或支付宝支付完成付款后，订单立即完成，激活码显示在订单详情中。' },
      { title: '控制台激活', text: `登录${consoleName}输入激活码即可开通，有效期自激活之日起计算 1 年，而不是从付款日算起。` },
      { title: '按需开票', text: '在订单详情中点击“申请开票”，可开具增值税普通发票或专用发票，电子发票发送到你填写的邮箱。' },
    ],
  };
}

export const LINK = {
  deployment: { href: '/deployment', title: '私有化部署', text: '把服务部署在单位自己的机房，数据不出内网。' },
  headsetLine: { href: '/quantumHeadset', title: '头戴耳机系列', text: '对比量盾 100、200 与 T20，按岗位挑选。' },
  headset200: { href: '/quantumHeadset_200', title: '量盾 200 详解', text: '从麦克风开始的会议全链路加密。' },
  t20: { href: '/quantumHeadset_t20', title: '量盾 T20 详解', text: '安全芯片存密钥，蓝牙与 2.4 GHz 双链路。' },
  diskLine: { href: '/quantumDisk', title: '移动硬盘系列', text: '硬件加密、密钥托管与丢失后的远程吊销。' },
  diskGuide: { href: '/QuantumDisks', title: '硬盘选购指南', text: '按场景对比量盾 100 与 200，挑选合适容量。' },
  disk200: { href: '/quantumDisk_200', title: '量盾 200 硬盘详解', text: '指纹双因子解锁与 1050 MB/s 高速读写。' },
  diskGuideHelp: { href: '/helpCenter/diskUserGuide', title: '硬盘使用指南', text: '初始化、指纹录入、密钥托管与吊销的操作步骤。' },
  mail: { href: '/quantumMail', title: '量子邮箱', text: '每封邮件独立量子密钥，服务器只存密文。' },
  mailPrice: { href: '/quantumMail/quantumMailPrice', title: '邮箱价格与版本', text: '个人版与企业版对比、计费与开票说明。' },
  ding: { href: '/quantumDing', title: '量子钉', text: '团队聊天、文件与语音端到端量子加密。' },
  meeting: { href: '/quantumMeeting', title: '量子会议', text: '每场会议独立量子密钥，最多 300 方。' },
  identity: { href: '/quantumIdentity', title: '量子身份', text: '扫码免密登录，一套身份接入所有系统。' },
} satisfies Record<string, LinkItem>;

/** The two ways to pay, and how each goes on a phone and on a computer. */
import type { Device } from '@/lib/web/device';
import { AlipayMark, WechatMark } from './pay-marks';

export type PayMethod = 'wechat' | 'alipay';

export const METHODS: { id: PayMethod; name: string; Mark: typeof WechatMark; how: Record<Device, string[]> }[] = [
  {
    id: 'wechat',
    name: '微信支付',
    Mark: WechatMark,
    how: {
      mobile: [
        '在手机浏览器中点击「确认支付」，页面跳转到微信，核对金额后输入支付密码完成付款。',
        '付款后回到商城，页面自动查询支付结果。',
        '微信内置浏览器不能发起这种支付，请用手机自带浏览器打开商城，或改用支付宝支付。',
      ],
      desktop: [
        '点击「确认支付」后，页面显示本订单的付款二维码。',
        '打开手机微信，用「扫一扫」扫描二维码，在手机上确认付款。',
        '付款成功后页面自动进入支付完成。',
      ],
    },
  },
  {
    id: 'alipay',
    name: '支付宝支付',
    Mark: AlipayMark,
    how: {
      mobile: [
        '点击「确认支付」后进入支付宝收银台，手机已安装支付宝时会自动打开支付宝 App。',
        '核对金额并完成付款后回到商城，页面自动查询支付结果。',
      ],
      desktop: [
        '点击「确认支付」后进入支付宝收银台页面。',
        '用手机支付宝扫描收银台上的二维码，或登录支付宝账户完成付款，付款后自动回到商城。',
      ],
    },
  },
];

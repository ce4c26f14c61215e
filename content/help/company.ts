/**
 * Company pages: /About (who we are, the technology, milestones, certifications) and /aboutMe
 * (contact, hours, enterprise purchase, after-sales). Phone, email and address come from lib/site.ts.
 */
import { EXCHANGE_DAYS, RETURN_DAYS, RETURN_SHIPPING_CAP_FEN } from '@/lib/domain/after-sale-rules';
import { SERVICE_EMAIL, SERVICE_PHONE } from '@/lib/shop-identity';
import { formatFen } from '@/lib/domain/money';
import { SUPPORT_HOURS_TEXT } from '@/lib/domain/support';

export type TextItem = { title: string; text: string };

export const ABOUT = {
  lead: '量盾量子安全科技有限公司（量盾科技）总部位于合肥，专注量子密钥分发的工程化应用与量子安全终端。我们把量子密钥从数据中心带到每个人手边：耳机、移动硬盘、邮箱、即时通讯、会议和登录。',
  mission: [
    '通信被窃听、文件被窃取、账号被盗用，这些风险过去只有少数机构花大价钱才能防范。我们的使命是让量子级的安全像买一副耳机一样简单：开箱、配对、激活，之后每一次通话和每一个文件都受到保护，而使用者几乎感觉不到它的存在。',
    '我们相信安全产品必须诚实。量盾 App 会明确告诉您哪些通话已经加密、哪些没有；我们不保存能够解密用户数据的密钥；产品无法做到的事情，我们在说明书里写清楚。',
  ],
  technology: [
    {
      title: '量子密钥分发',
      text: '量子密钥分发（QKD）利用单光子的量子态在两个节点之间生成共享密钥。任何窃听都会扰动量子态并被通信双方察觉，因此生成的密钥在分发过程中不会被悄悄复制。量盾量子密钥服务接入量子密钥分发网络，并以量子随机数发生器作为补充熵源。',
    },
    {
      title: '一次一密',
      text: '每一次通话、每一封邮件、每一场会议都使用独立的会话密钥，用过即销毁、绝不复用。即使某一把密钥在未来被破解，也无法据此解开任何其他通话或文件。',
    },
    {
      title: '终端加密',
      text: '加密发生在终端：耳机的安全存储区、硬盘的硬件加密引擎、您的手机和电脑。量子密钥经加密通道下发到终端后才使用，传输链路和我们的服务器上只有密文，服务端管理员也无法查看内容。',
    },
  ] satisfies TextItem[],
  milestones: [
    { year: 2018, text: '量盾科技在合肥成立，核心团队来自量子通信与密码工程领域。' },
    { year: 2019, text: '量子密钥管理平台完成首个金融行业试点。' },
    { year: 2021, text: '量子邮箱与量子身份正式上线，开始服务企业客户。' },
    { year: 2022, text: '发布第一款硬件产品：量盾 100 量子加密移动硬盘。' },
    { year: 2023, text: '量子钉与量子会议上线；发布量盾 100、200 量子加密头戴耳机。' },
    { year: 2024, text: '发布量盾 Q1 量子加密耳机与量盾 200 指纹加密移动硬盘。' },
    { year: 2025, text: '发布面向应急与能源行业的量盾 T20 和入门款 Q1 青春版。' },
    { year: 2026, text: '量盾商城上线，个人用户也可以直接购买全部产品与服务。' },
  ],
  certifications: [
    { title: '商用密码产品认证', text: '耳机与硬盘使用的安全芯片和加密模块按商用密码产品认证要求设计并取得认证，支持国密 SM4 等算法。' },
    { title: '网络安全等级保护', text: '量子邮箱、量子钉、量子会议与量子身份的云服务按等级保护第三级要求建设，并定期接受测评。' },
    { title: '信息安全与质量管理体系', text: '公司通过 ISO/IEC 27001 信息安全管理体系与 ISO 9001 质量管理体系认证。' },
    { title: '无线电与产品安全', text: '蓝牙与 2.4 GHz 设备取得无线电发射设备型号核准，并完成国家强制性产品认证。' },
  ] satisfies TextItem[],
  certificationNote: '相关证书可在商务洽谈或招投标时提供原件查验。',
};

export const CONTACT = {
  lead: '购物咨询、使用问题、企业采购还是售后服务，都可以通过下面的方式找到我们。致电前请准备好订单号或设备序列号，能更快地为您处理。',
  channels: [
    { title: '在线客服', value: '进入在线客服', href: '/Support', text: `人工客服每天 ${SUPPORT_HOURS_TEXT}（北京时间）；其余时间可以留言，上线后回复。` },
    { title: '客服热线', value: SERVICE_PHONE, href: `tel:${SERVICE_PHONE.replace(/-/g, '')}`, text: '每天 9:00–21:00，节假日不休。' },
    { title: '客服邮箱', value: SERVICE_EMAIL, href: `mailto:${SERVICE_EMAIL}`, text: '全天受理，1 个工作日内回复。' },
  ],
  hours: {
    caption: '服务时间',
    head: ['服务', '时间', '说明'],
    rows: [
      ['在线客服', `每天 ${SUPPORT_HOURS_TEXT}`, '订单、配送、售后、发票、使用问题；其余时间可留言'],
      ['客服热线', '每天 9:00–21:00', '订单、配送、发票、使用问题'],
      ['客服邮箱', '全天受理', '1 个工作日内回复'],
      ['企业采购顾问', '工作日 9:00–18:00', '批量采购、私有化部署、招投标'],
      ['售后检测中心收件', '工作日 9:00–17:30', '退换货与维修寄件'],
      ['设备挂失与密钥吊销', '全天 24 小时', '在量盾 App 中自助办理；手机同时丢失时拨打客服热线，非服务时间由值班人员受理'],
    ],
  },
  enterprise: [
    '批量采购价格与对公转账，可开具增值税专用发票',
    '设备统一绑定与密钥托管，离职人员设备一键吊销',
    '量子邮箱、量子钉、量子会议、量子身份可私有化部署',
    '专属客户经理与上门培训，支持招投标所需资料',
  ],
  afterSales: [
    { title: '联系客服', text: `拨打 ${SERVICE_PHONE} 或发送邮件至 ${SERVICE_EMAIL}，说明订单号、设备序列号与问题现象。` },
    { title: '审核与寄回', text: `客服初步判断后告知寄回地址与注意事项。质量问题的寄回运费由我们承担：请先垫付，填写退货物流时一并填写运费（最多 ${formatFen(RETURN_SHIPPING_CAP_FEN)}），收货确认后原路退还。` },
    { title: '检测', text: '售后检测中心收到商品后 2 个工作日内完成检测，并把结果通知您。' },
    { title: '处理', text: `按政策为您退款、换新或维修：${RETURN_DAYS} 天内可退货，${EXCHANGE_DAYS} 天内可换货，保修期内免费维修。` },
    { title: '寄回与回访', text: '换新或修好的设备由顺丰寄回；处理完成后我们会回访，确认问题已解决。' },
  ] satisfies TextItem[],
};

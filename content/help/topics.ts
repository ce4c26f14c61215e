/** The category cards of /helpCenter: the written guides and where to go next. */
export type HelpTopic = {
  href: string;
  title: string;
  text: string;
  /** Set when the linked page is not in Chinese. */
  lang?: 'en';
};

export const GUIDE_TOPICS: HelpTopic[] = [
  {
    href: '/helpCenter/userGuide',
    title: '购物指南',
    text: '登录、购物车、结算付款、订单状态、发票与退换货，一次购物的完整流程。',
  },
  {
    href: '/helpCenter/budsUserGuide',
    title: '量子加密耳机使用指南',
    text: 'Q1 与 Q1 青春版的配对、量子密钥激活、加密通话、降噪、固件升级与故障排除。',
  },
  {
    href: '/helpCenter/diskUserGuide',
    title: '量子加密移动硬盘使用指南',
    text: '量盾 100 / 200 初始化、指纹录入、密钥托管、Windows 与 macOS 解锁、远程吊销。',
  },
  {
    href: '/helpCenter/budsUserGuideEn',
    title: 'Q1 Earbuds User Guide',
    text: 'The complete Q1 earbuds manual in English: pairing, quantum keys, encrypted calls.',
    lang: 'en',
  },
];

export const SERVICE_TOPICS: HelpTopic[] = [
  { href: '/aboutMe', title: '联系客服', text: '客服热线、邮箱、售后寄修流程与服务时间。' },
  { href: '/deployment', title: '企业私有化部署', text: '在单位内部部署量子邮箱、量子钉、量子会议与量子身份。' },
  { href: '/SDK', title: '开发者 SDK', text: '在自己的应用中接入量子密钥、加密通话与量子身份。' },
  { href: '/userStories', title: '客户案例', text: '看看金融、能源、医疗与律所客户如何使用量盾。' },
];

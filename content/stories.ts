/**
 * Customer cases (/userStories, /userStoreProc/[id]). Clients are named by region and industry only,
 * as agreed with them; figures are the clients' own measurements after roll-out.
 */

/** The products a case can name, with the page that presents each one. */
export const STORY_PRODUCTS = {
  q1: { name: '量盾 Q1 量子加密耳机', href: '/EarphoneDetails' },
  'headset-100': { name: '量盾 100 量子加密头戴耳机', href: '/quantumHeadset' },
  'headset-200': { name: '量盾 200 量子加密头戴耳机', href: '/quantumHeadset_200' },
  t20: { name: '量盾 T20 量子加密头戴耳机', href: '/quantumHeadset_t20' },
  'disk-100': { name: '量盾 100 量子加密移动硬盘', href: '/quantumDisk' },
  'disk-200': { name: '量盾 200 量子加密移动硬盘', href: '/quantumDisk_200' },
  mail: { name: '量子邮箱', href: '/quantumMail' },
  ding: { name: '量子钉', href: '/quantumDing' },
  meeting: { name: '量子会议', href: '/quantumMeeting' },
  identity: { name: '量子身份', href: '/quantumIdentity' },
} as const;

type StoryProduct = keyof typeof STORY_PRODUCTS;

export type Story = {
  id: string;
  /** How the client is named (region + industry). */
  client: string;
  industry: string;
  /** The case's headline (the page's h1). */
  title: string;
  summary: string;
  /** Size of the roll-out, e.g. "1,600 名员工". */
  scale: string;
  /** Year the roll-out went live. */
  since: number;
  image: { src: string; alt: string; width: number; height: number };
  products: StoryProduct[];
  challenge: string[];
  solution: string[];
  results: { value: string; label: string }[];
  resultText: string;
  quote: { text: string; by: string };
  keywords: string;
};

const image = (id: string, alt: string) => ({ src: `/images/stories/${id}.svg`, alt, width: 640, height: 360 });

export const STORIES: Story[] = [
  {
    id: 'securities-firm',
    client: '华东某证券公司',
    industry: '金融证券',
    title: '并购项目从立项到公告，沟通全程不留明文',
    summary: '投行与研究团队用量子钉和 Q1 耳机替代个人即时通讯工具，在满足监管留痕要求的同时，把敏感信息限制在项目成员之间。',
    scale: '1,600 名员工，320 个项目群组',
    since: 2024,
    image: image('securities-firm', '证券公司案例插图：K 线图与量子盾牌'),
    products: ['ding', 'q1', 'mail', 'identity'],
    challenge: [
      '该公司投行部门同时推进数十个并购与再融资项目。项目成员习惯用个人即时通讯工具沟通，文件在个人手机和电脑之间随意流转，一旦泄露就可能构成内幕信息泄露。',
      '同时，监管要求业务通讯可追溯、可审计，简单地“换一个加密聊天软件”无法满足合规部门的要求；员工离职后，聊天记录也仍然留在其个人设备上。',
    ],
    solution: [
      '量子钉以私有化方式部署在公司数据中心，项目群组与文件端到端量子加密，合规归档通过公司自有密钥接入审计系统，只有合规部门在授权流程下可以调阅。',
      '投行人员配发量盾 Q1，与客户和中介机构的敏感电话通过量盾 App 加密通话完成；对外发送的申报材料使用量子邮箱的密码信封。',
      '量子身份接入 OA、投行业务系统与量子钉，员工扫码登录，不再使用口令。',
    ],
    results: [
      { value: '6 周', label: '从立项到全员上线' },
      { value: '0 起', label: '上线后因钓鱼导致的账号被盗（此前每年约 11 起）' },
      { value: '100%', label: '项目沟通纳入合规归档' },
    ],
    resultText: '上线后的年度合规检查中，通讯管理类事项未收到整改意见；离职员工的设备在离职当天由管理员统一吊销，项目资料不再随人流失。',
    quote: { text: '过去我们只能要求员工“注意保密”，现在是系统保证每条消息只在该看到的人手里。', by: '合规总监' },
    keywords: '证券公司加密通讯,投行信息保密,量子钉私有化部署',
  },
  {
    id: 'grid-inspection',
    client: '某省电网输电线路巡检班组',
    industry: '能源电力',
    title: '山区巡检也能清晰、加密地通话',
    summary: '输电线路巡检班组用量盾 T20 指挥版替代明文对讲机，用量盾 100 硬盘保存缺陷照片与无人机影像，两块遗失硬盘均在 15 分钟内完成吊销。',
    scale: '48 个班组，460 名巡检人员',
    since: 2025,
    image: image('grid-inspection', '电网巡检案例插图：输电铁塔与无线信号'),
    products: ['t20', 'disk-100'],
    challenge: [
      '巡检班组常年在山区和跨江段作业，手机信号时有时无，原有的模拟对讲机是明文传输，线路缺陷位置等信息存在被监听的风险。',
      '无人机巡检拍摄的杆塔影像属于关键基础设施资料，过去用普通 U 盘带回，丢失事件每年都有发生，且无法补救。',
    ],
    solution: [
      '每个班组配备量盾 T20 指挥版：班组长佩戴的基站通过 2.4 GHz 专用链路与组员直连，不依赖手机信号；有信号时自动叠加蓝牙与手机链路，双通道冗余。T20 的骨传导麦克风在大风和设备噪声中依然清晰。',
      '巡检数据改用量盾 100 硬盘存储。机身数字键盘戴着薄手套也能操作，硬盘由单位管理员统一托管密钥，离线使用期限设为 3 天。',
    ],
    results: [
      { value: '4.6 / 5', label: '强风环境下通话清晰度评分（原对讲机 3.1）' },
      { value: '15 分钟', label: '两块遗失硬盘从上报到完成吊销' },
      { value: '0 起', label: '上线后巡检资料外泄事件' },
    ],
    resultText: '试点半年后推广到全省 48 个班组。T20 的 IP67 防护和低温工作能力经受住了雨季和冬季巡检，设备返修率低于 2%。',
    quote: { text: '以前丢一个 U 盘要写好几份检查，现在班长在手机上点一下，硬盘就成了一块废铁。', by: '输电运检室主任' },
    keywords: '电网巡检加密通信,量盾T20,加密移动硬盘,关键基础设施数据保护',
  },
  {
    id: 'law-firm',
    client: '北京某律师事务所',
    industry: '法律服务',
    title: '把律师与客户之间的保密义务落到每一封邮件',
    summary: '一家以跨境并购与商事诉讼见长的律所，用量子邮箱、量盾 Q1 和量盾 200 硬盘保护客户往来、电话沟通与证据材料。',
    scale: '220 名律师及助理',
    since: 2024,
    image: image('law-firm', '律师事务所案例插图：天平与加密信封'),
    products: ['mail', 'q1', 'disk-200'],
    challenge: [
      '律所与客户、对方律师和法院之间每天往来大量邮件，其中包含尚未公开的交易条款与诉讼策略。原有邮件系统由第三方托管，律所无法确认邮件内容不会被服务商或攻击者读取。',
      '证据材料以纸质卷宗和普通移动硬盘交接，一份卷宗从外地办案点送回总部需要两天，途中遗失的风险始终存在。',
    ],
    solution: [
      '全所迁移到量子邮箱企业版并使用律所自有域名，所内邮件自动端到端量子加密；发给客户的邮件使用密码信封，提取密码通过电话告知。',
      '合伙人与主办律师配发量盾 Q1，与客户的敏感电话使用加密通话；证据材料改为存放在量盾 200 硬盘中，由主办律师的指纹解锁，交接时由接收人当面录入指纹。',
    ],
    results: [
      { value: '96%', label: '律师在 3 个月内主动使用加密邮件' },
      { value: '2 小时', label: '异地卷宗电子交接用时（原 2 天快递）' },
      { value: '0 起', label: '上线以来客户资料泄露事件' },
    ],
    resultText: '律所在客户尽职调查问卷中的信息安全评分显著提升，连续两年获得外资客户的信息安全年度审查通过。',
    quote: { text: '客户问我们如何保护他们的资料时，我们终于可以给出一个具体而可验证的答案。', by: '管理合伙人' },
    keywords: '律师事务所邮件加密,律所信息安全,加密邮箱案例',
  },
  {
    id: 'hospital',
    client: '华中某三甲医院',
    industry: '医疗卫生',
    title: '远程会诊全程加密，医生登录从 25 秒缩短到 4 秒',
    summary: '医院用量子会议与量盾 200 头戴耳机开展跨院多学科会诊，用量子身份取代共享口令登录院内系统。',
    scale: '3,800 名医护人员，每月约 180 场远程会诊',
    since: 2025,
    image: image('hospital', '医院案例插图：医疗十字与视频会诊画面'),
    products: ['meeting', 'headset-200', 'identity', 'disk-100'],
    challenge: [
      '医院牵头的医联体每月与下级医院开展大量远程多学科会诊，会诊中要共享患者影像和病历，原有视频会议平台无法满足医疗数据保护的要求。',
      '护士站与诊室的电脑长期使用共享账号登录医院信息系统，出现问题无法追溯到个人；频繁输入复杂口令又拖慢了接诊。',
    ],
    solution: [
      '量子会议专业版用于跨院会诊，每场会诊独立量子会议密钥，开启等候室与会中水印；会诊室配备量盾 200 头戴耳机，从麦克风开始全链路加密。',
      '量子身份通过 OIDC 接入医院信息系统、影像系统和办公系统，医生用手机扫码登录，离开工位时电脑自动锁定。',
      '科研数据在院内外流转统一使用量盾 100 硬盘，由信息科集中托管密钥。',
    ],
    results: [
      { value: '4 秒', label: '医生平均登录用时（原 25 秒）' },
      { value: '300+ → 0', label: '院内共享账号数量' },
      { value: '180 场', label: '每月加密远程会诊' },
    ],
    resultText: '医院顺利通过当年的网络安全等级保护测评复测，会诊室的音频质量也因六麦克风降噪明显改善，下级医院医生反映“听得更清楚”。',
    quote: { text: '安全措施第一次不是给临床添麻烦，而是帮医生省了时间。', by: '信息中心主任' },
    keywords: '医院远程会诊加密,医疗数据安全,量子身份免密登录',
  },
  {
    id: 'design-studio',
    client: '上海某工业设计工作室',
    industry: '设计与创意',
    title: '30 人的工作室，也能满足大客户的保密审计',
    summary: '为消费电子品牌做外观设计的工作室，用量子钉团队版、量子邮箱和量盾 200 硬盘保护未发布产品的设计稿。',
    scale: '30 名设计师',
    since: 2025,
    image: image('design-studio', '设计工作室案例插图：绘图三角尺与加密文件夹'),
    products: ['ding', 'mail', 'disk-200', 'meeting'],
    challenge: [
      '工作室的客户多为手机、耳机等消费电子品牌，未发布产品的外观设计一旦泄露，损失可能高达数千万元。大客户在合作前要做信息安全审计，工作室没有专职 IT 人员，过去多次因“文件外发不可控”被要求整改。',
    ],
    solution: [
      '团队沟通与文件传输迁移到量子钉团队版，开启防截屏水印；与客户的设计评审使用量子会议标准版。',
      '对外交付使用量子邮箱企业版；需要交付大体积 3D 模型时，使用量盾 200 硬盘，由客户方接收人在工作室当面录入指纹后带走。',
      '整套方案由量盾顾问远程完成配置，工作室负责人在管理后台即可管理成员和设备。',
    ],
    results: [
      { value: '12 家', label: '客户信息安全审计全部一次通过' },
      { value: '1 天', label: '完成全员迁移' },
      { value: '0 起', label: '上线以来设计稿外泄事件' },
    ],
    resultText: '通过审计后，工作室新签下两家此前因保密要求无法合作的头部品牌。',
    quote: { text: '我们没有 IT 部门，但现在的保密流程比很多大公司还完整。', by: '工作室创始人' },
    keywords: '设计工作室文件保密,设计稿防泄露,量子钉团队版',
  },
  {
    id: 'emergency-command',
    client: '西南某市应急管理局',
    industry: '政务应急',
    title: '应急指挥通信：断网断电也不断联',
    summary: '市应急管理局在防汛和森林防火指挥中使用量盾 T20 与量子会议，指挥中心、前方指挥部与救援队之间的语音全程加密。',
    scale: '指挥中心 + 14 个区县前方指挥部',
    since: 2025,
    image: image('emergency-command', '应急指挥案例插图：指挥旗与山地无线链路'),
    products: ['t20', 'meeting', 'ding'],
    challenge: [
      '汛期和森林火灾现场常伴随公网中断，原有通信手段在断网时只能依靠明文对讲，指挥调度信息存在泄露风险；多部门协同时，各方设备互不兼容。',
    ],
    solution: [
      '前方指挥部与救援队配备量盾 T20 指挥版，2.4 GHz 专用链路在公网中断时独立工作，恢复后自动切换到蓝牙与手机链路。',
      '指挥中心与各区县通过私有化部署的量子会议开展视频会商，日常值班与信息报送使用量子钉。',
    ],
    results: [
      { value: '72 小时', label: '公网中断期间持续保障前方通信' },
      { value: '14 个', label: '区县前方指挥部接入' },
      { value: '100%', label: '指挥语音加密传输' },
    ],
    resultText: '在当年汛期的一次山区强降雨处置中，公网中断 72 小时，前方指挥部依靠 T20 专用链路完成了全部调度通话。',
    quote: { text: '应急通信首先要通，其次要安全，T20 让我们两样都不用取舍。', by: '指挥中心负责人' },
    keywords: '应急指挥加密通信,防汛通信,量盾T20指挥版',
  },
];

export function findStory(id: string): Story | undefined {
  return STORIES.find((s) => s.id === id);
}

/** /quantumHeadset (the line), /quantumHeadset_200 and /quantumHeadset_t20. */
import { art, LINK, PRODUCT, SPECS_ACTION } from './shared';
import type { LandingContent } from './types';

export const HEADSET_LINE: LandingContent = {
  path: '/quantumHeadset',
  hero: {
    eyebrow: '量子加密头戴耳机系列',
    title: '量盾头戴耳机：100 · 200 · T20',
    pitch: '同一套量子密钥通话加密，三种工作方式：量盾 100 为整天戴着的坐席而轻，量盾 200 为会议而清晰，量盾 T20 为户外与指挥而坚固。',
    productId: PRODUCT.headset200,
    secondary: SPECS_ACTION,
    points: ['全系量子密钥分发 + 耳机端加密', '从 198 g 轻量款到 IP67 三防款', '蓝牙、USB-C 有线与 2.4 GHz 专用链路'],
    art: art('headset', '示意图：量子密钥下发到头戴耳机，耳机内完成语音加密'),
  },
  blocks: [
    {
      kind: 'features',
      id: 'lineup',
      title: '三款怎么选',
      columns: 3,
      items: [
        { title: '量盾 100 · 坐席与网课', text: '198 g 轻量机身配记忆棉耳罩，双麦克风通话降噪，38 小时续航。适合客服中心、电话销售、在线教育这类一戴一整天、通话又涉及客户信息的岗位。' },
        { title: '量盾 200 · 会议与移动办公', text: '六麦克风阵列配合 AI 通话降噪，开放办公区也只传出你的声音；与量子会议联动，从麦克风到对端扬声器全链路加密。' },
        { title: '量盾 T20 · 指挥与外勤', text: '国密二级安全芯片独立保存量子密钥，蓝牙与 2.4 GHz 专用链路互为备份，骨传导麦克风在 100 dB 噪声下依然清晰。' },
      ],
    },
    {
      kind: 'steps',
      id: 'how',
      title: '头戴耳机里的量子加密',
      intro: '三款共用同一套密钥体系，区别在于密钥存放的位置。',
      steps: [
        { title: '密钥从哪里来', text: '量子密钥分发网络在量盾密钥中心之间生成对称密钥，任何窃听都会扰动光子状态而被发现。设备激活后，密钥经认证通道充注到耳机。' },
        { title: '密钥存在哪里', text: '量盾 100 与 200 的密钥保存在主控芯片的加密存储区；T20 则放进独立的安全芯片，芯片不提供导出接口，拆机也读不出。' },
        { title: '在哪里加密', text: '语音在耳机内以 AES-256-GCM（T20 可选国密 SM4）加密后才发出，手机、电脑与无线链路上只有密文，每次通话换用新的会话密钥。' },
      ],
    },
    { kind: 'specs', id: 'specs', title: '三款参数对比', productIds: [PRODUCT.headset100, PRODUCT.headset200, PRODUCT.t20] },
    {
      kind: 'table',
      id: 'scenes',
      title: '按场景推荐',
      caption: '典型场景与推荐型号',
      head: ['场景', '推荐', '理由'],
      rows: [
        ['银行、保险客服坐席', '量盾 100', '通话涉及身份证号与账户信息；轻量机身适合 8 小时班次'],
        ['在线教育与网课', '量盾 100', '双麦克风降噪，38 小时续航，一周充一次电'],
        ['律所、投行的远程会议', '量盾 200', '配合量子会议全链路加密，六麦阵列在开放办公区也清晰'],
        ['政企安保与值守', '量盾 T20 标准版', '安全芯片存密钥，骨传导麦克风压住现场噪声'],
        ['应急指挥、电力巡检', '量盾 T20 指挥版', '自带基站组网，不依赖手机信号，IP67 适应雨雪粉尘'],
      ],
    },
    { kind: 'products', id: 'products', title: '在售头戴耳机', productIds: [PRODUCT.headset100, PRODUCT.headset200, PRODUCT.t20] },
    { kind: 'links', id: 'more', title: '深入了解', links: [LINK.headset200, LINK.t20, LINK.meeting] },
  ],
};

export const HEADSET_200: LandingContent = {
  path: '/quantumHeadset_200',
  hero: {
    eyebrow: '量子加密头戴耳机 · 会议旗舰',
    title: '量盾 200 量子加密头戴耳机',
    pitch: '为远程会议而生：六麦克风阵列只收你的声音，语音在耳机内完成量子密钥加密；接入量子会议后，从你的麦克风到对方的扬声器，中间每一环都只有密文。',
    productId: PRODUCT.headset200,
    secondary: SPECS_ACTION,
    points: ['六麦克风阵列 AI 通话降噪', '配合量子会议全链路加密', '45 小时续航，快充 10 分钟用 5 小时'],
    art: art('headset', '示意图：量盾 200 头戴耳机在麦克风端加密会议语音'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'full-link',
      title: '什么是“全链路加密”',
      intro: '普通会议软件从电脑开始加密，可声音到达电脑之前已经是明文，蓝牙、声卡驱动和录音插件都能拿到。量盾 200 把加密的起点前移到了麦克风。',
      steps: [
        { title: '入会取钥', text: '加入一场量子会议时，会议服务为这场会议分发独立的量子会议密钥，量盾 App 把它安全地转交给已配对的量盾 200。' },
        { title: '耳机内加密', text: '六个麦克风采集的声音经 AI 降噪后，立即在耳机内用会议密钥加密，再通过蓝牙或 USB-C 交给电脑，电脑上的软件拿到的只是密文。' },
        { title: '密文转发', text: '会议客户端把密文直接送往媒体服务器，服务器只转发不解密；对方的耳机或会议客户端收到后再解密播放。' },
        { title: '散会销毁', text: '会议结束，会议密钥在所有终端销毁；下一场会议重新分发，旧会议的数据即便被截获也无从解开。' },
      ],
      note: '不使用量子会议时，量盾 200 也可作为普通蓝牙或 USB 耳机接入任意会议软件，量盾 App 发起的加密通话照常加密；全链路加密需要参会各方都使用量子会议。',
    },
    {
      kind: 'features',
      id: 'highlights',
      title: '为长会议设计',
      columns: 2,
      items: [
        { title: '六麦阵列，只收你的声音', text: '波束成形锁定嘴部方向，AI 模型抑制键盘声、空调声和邻座交谈，对方听到的是你，而不是整个开放办公区。' },
        { title: '有线无线两用', text: '蓝牙 5.3 连手机，USB-C 数字音频直连电脑。有的单位不允许在会议室使用蓝牙，有线模式让同一副耳机照样进会议室。' },
        { title: '45 小时续航', text: '关闭降噪可用 45 小时，每天 3 小时会议约两周一充；电量告急时快充 10 分钟即可再用 5 小时。' },
        { title: '265 g 久戴不累', text: '蛋白皮耳罩分散压力，连开三小时的评审会也不夹头；耳机可折叠，收进电脑包不占地方。' },
      ],
    },
    {
      kind: 'table',
      id: 'who',
      title: '谁在用量盾 200',
      caption: '量盾 200 的典型用户',
      head: ['使用者', '常见会议', '量盾 200 解决的问题'],
      rows: [
        ['企业高管', '董事会、投融资与并购讨论', '发言从麦克风起即加密，不经过任何明文环节'],
        ['律师与咨询顾问', '与客户的远程沟通、案情讨论', '共享办公空间里也能安心开会，客户信息不以明文经过电脑'],
        ['研发团队', '技术评审、架构讨论', '产品路线与技术细节不在会议链路上留下明文'],
        ['远程办公者', '日常站会与客户电话', '一副耳机兼顾手机通话与电脑会议'],
      ],
    },
    { kind: 'specs', id: 'specs', title: '量盾 200 参数', productIds: [PRODUCT.headset200] },
    { kind: 'prices', id: 'buy', title: '颜色与价格', productIds: [PRODUCT.headset200] },
    {
      kind: 'products',
      id: 'bundle',
      title: '推荐搭配',
      intro: '量盾 200 与量子会议一起使用，才能获得从麦克风开始的全链路加密。',
      productIds: [PRODUCT.headset200, PRODUCT.meeting],
    },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.headsetLine, LINK.t20, LINK.meeting] },
  ],
};

export const HEADSET_T20: LandingContent = {
  path: '/quantumHeadset_t20',
  hero: {
    eyebrow: '量子加密头戴耳机 · 战术级',
    title: '量盾 T20 量子加密头戴耳机',
    pitch: '为信号差、噪声大、环境恶劣的现场而造：量子密钥锁在独立安全芯片里，蓝牙与 2.4 GHz 专用链路互为备份，骨传导麦克风在 100 dB 噪声中仍能传清指令。',
    productId: PRODUCT.t20,
    secondary: SPECS_ACTION,
    points: ['国密二级安全芯片存储量子密钥', '蓝牙 + 2.4 GHz 双链路冗余', 'IP67 防护，-20 °C 至 55 °C 工作'],
    art: art('headset', '示意图：量盾 T20 头戴耳机通过加密链路接收量子密钥'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'chip',
      title: '为什么把密钥放进安全芯片',
      intro: '现场设备最大的风险往往不是被监听，而是被捡走。T20 的设计假设耳机随时可能落入他人之手。',
      steps: [
        { title: '密钥只进不出', text: '量子密钥充注后保存在国密二级安全芯片内，加解密运算也在芯片内完成。芯片没有导出密钥的接口，拆机读取存储器得到的只是无意义的数据。' },
        { title: '双算法可选', text: '对接政务与国有单位系统时使用国密 SM4，对接通用系统时使用 AES-256，由管理员统一下发配置。' },
        { title: '丢失即吊销', text: '设备丢失后，管理员吊销该耳机：密钥中心停止为它补充密钥，同一通话组的其余设备自动换钥，丢失的耳机再也加入不了任何通话。' },
      ],
    },
    {
      kind: 'features',
      id: 'field',
      title: '为现场而生',
      columns: 2,
      items: [
        { title: '蓝牙 5.3：经手机远程通话', text: '连接手机上的量盾 App，经运营商网络与远方指挥中心通话，适合城区与信号良好的场所。' },
        { title: '2.4 GHz 专用链路：不靠手机', text: '现场人员通过 2.4 GHz 基站直接组网，地下管廊、山区等没有手机信号的地方也能通话；两条链路同时在线，一条中断自动切到另一条。' },
        { title: '骨传导麦克风', text: '拾取颅骨振动而不是空气中的声音，发电机、破拆工具旁 100 dB 的噪声几乎不会混进通话。' },
        { title: 'IP67 与宽温', text: '完全防尘、可短时浸水，-20 °C 至 55 °C 正常工作；32 小时续航足够覆盖两个完整的 12 小时班次。' },
      ],
    },
    {
      kind: 'table',
      id: 'editions',
      title: '标准版还是指挥版',
      caption: '量盾 T20 标准版与指挥版对比',
      head: ['对比项', '标准版', '指挥版（含 2.4 GHz 基站）'],
      rows: [
        ['价格', { price: { productId: PRODUCT.t20, sku: '标准版' } }, { price: { productId: PRODUCT.t20, sku: '指挥版' } }],
        ['包装内容', 'T20 耳机一副', 'T20 耳机一副 + 2.4 GHz 基站一台'],
        ['链路', '蓝牙经手机通话，可加入现场已有的基站', '蓝牙 + 自带基站组网'],
        ['适合', '单兵外勤、安保值守，或为已有指挥版的队伍扩充人员', '现场指挥员、需要独立建立现场通信的小队'],
      ],
      note: '同一现场通常只需一人配备指挥版，其余队员选择标准版即可加入该基站的加密通话组。',
    },
    {
      kind: 'table',
      id: 'scenes',
      title: '适用场景',
      caption: '量盾 T20 的行业场景',
      head: ['行业', '场景', 'T20 的作用'],
      rows: [
        ['应急救援', '地震、洪涝现场指挥', '基站组网不依赖公网，雨中浸水不影响使用'],
        ['能源电力', '变电站、输电线路巡检', '骨传导麦克风压住设备噪声，巡检汇报不外泄'],
        ['政企安保', '重大活动安保、随行保卫', '安全芯片存密钥，通话无法被扫描监听'],
        ['轨道交通', '隧道与车辆段夜间检修', '隧道内没有手机信号时自动切到 2.4 GHz 链路'],
      ],
    },
    { kind: 'specs', id: 'specs', title: '量盾 T20 参数', productIds: [PRODUCT.t20] },
    { kind: 'products', id: 'products', title: '头戴系列在售', productIds: [PRODUCT.t20, PRODUCT.headset200, PRODUCT.headset100] },
    {
      kind: 'links',
      id: 'more',
      title: '继续了解',
      links: [LINK.headsetLine, { href: '/deployment', title: '成建制采购', text: '整支队伍配备？预约顾问规划基站与密钥管理。' }, LINK.headset200],
    },
  ],
};

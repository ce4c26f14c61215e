/** /EarphoneDetails — the Q1 earbuds line (Q1 and Q1 青春版). */
import { art, LINK, PRODUCT, SPECS_ACTION } from './shared';
import type { LandingContent } from './types';

export const EARPHONES: LandingContent = {
  path: '/EarphoneDetails',
  hero: {
    eyebrow: '量子加密耳机 · Q1 系列',
    title: '量盾 Q1 系列量子加密耳机',
    pitch:
      '把量子密钥装进耳朵里：你的声音在耳机芯片里加密后才离开耳朵，蓝牙链路和通话网络上传输的只是密文。Q1 主打降噪与续航，Q1 青春版更轻、更易入手，两者的加密能力完全相同。',
    productId: PRODUCT.q1,
    secondary: SPECS_ACTION,
    points: ['一次一密的量子会话密钥', '耳机端 AES-256-GCM 加密', 'Q1 支持 42 dB 混合主动降噪'],
    art: art('earbuds', '示意图：量子密钥经光子链路下发到 Q1 耳机，语音在耳机内加密'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '一通加密电话是怎样完成的',
      intro: 'Q1 系列的加密不依赖手机系统，也不需要换号，分三步完成：',
      steps: [
        {
          title: '充注量子密钥',
          text: '耳机首次与量盾 App 配对时，量子密钥服务为这副耳机建立专属密钥池。密钥由量子密钥分发网络生成：光子一旦在传输中被窃听就会改变状态，窃听会被发现，这批密钥随即作废重发。',
        },
        {
          title: '一次一密取用',
          text: '每次发起“量子加密通话”，双方设备从各自的密钥池取出同一段从未用过的密钥作为会话密钥，挂断即销毁。即使某一通电话的密钥泄露，也解不开上一通和下一通。',
        },
        {
          title: '耳机内加密',
          text: '麦克风采集的语音在耳机芯片里用 AES-256-GCM 加密，再经蓝牙 5.3 发往手机；对方的声音同样以密文送进耳机，解密后才播放。',
        },
      ],
      note: '双方都使用量盾 App 的“量子加密通话”时，语音从你的耳机到对方终端全程加密；与普通电话通话时，Q1 仍加密耳机与手机之间的蓝牙链路，但运营商网络一段按普通通话传输。通话界面会用锁形标识区分这两种状态。',
    },
    {
      kind: 'table',
      id: 'seen',
      title: '通话经过的每一环，谁能看到什么',
      caption: '量子加密通话中各环节可见的信息',
      head: ['环节', '能看到', '看不到'],
      rows: [
        ['附近的蓝牙监听设备', '有设备正在通话、数据包大小', '语音内容'],
        ['手机系统与其他 App', '通话对象与时长', '语音内容：加解密都在耳机芯片内完成'],
        ['运营商与网络中转', '通话对象、时长、流量大小', '语音内容'],
        ['量子密钥服务', '为哪台设备补充了密钥', '语音流：密钥服务不经手通话数据'],
      ],
    },
    {
      kind: 'features',
      id: 'highlights',
      title: '听得清，也戴得住',
      columns: 2,
      items: [
        { title: '42 dB 混合主动降噪', text: 'Q1 的前馈与反馈麦克风同时工作，压低地铁、机舱的低频轰鸣；通透模式一键切换，不摘耳机也能听清站台广播。' },
        { title: '续航与充电', text: 'Q1 单次 8 小时、配合充电盒共 30 小时，支持 USB-C 与 Qi 无线充电；青春版单次 6 小时、总计 24 小时。' },
        { title: '双设备连接', text: 'Q1 可同时连接手机与电脑，电脑上的会议和手机来电之间自动切换，不必反复配对。' },
        { title: '轻巧佩戴', text: 'Q1 单耳 4.8 g，IP54 防尘防水；青春版单耳 4.1 g，并以环境音降噪让通话对方听得更清楚。' },
      ],
    },
    {
      kind: 'specs',
      id: 'specs',
      title: 'Q1 与 Q1 青春版参数对比',
      intro: '两款耳机的加密方式与蓝牙版本完全一致，区别在降噪、续航与重量。',
      productIds: [PRODUCT.q1, PRODUCT.q1Lite],
    },
    {
      kind: 'features',
      id: 'choose',
      title: '选哪一款',
      columns: 2,
      items: [
        { title: '选 Q1，如果你……', text: '常在高铁、机场或开放式办公区通话，需要主动降噪；每天通话时间长，希望无线充电随手补电；需要在手机与电脑之间切换。' },
        { title: '选 Q1 青春版，如果你……', text: '主要在安静环境通话，更在意轻便与价格；是学生或自由职业者，或想给家人配一副加密通话耳机；也适合作为 Q1 的备用耳机。' },
      ],
    },
    { kind: 'products', id: 'products', title: '在售耳机', productIds: [PRODUCT.q1, PRODUCT.q1Lite] },
    { kind: 'prices', id: 'buy', title: '颜色、价格与库存', productIds: [PRODUCT.q1, PRODUCT.q1Lite] },
    {
      kind: 'links',
      id: 'more',
      title: '继续了解',
      links: [
        { href: '/helpCenter/budsUserGuide', title: '耳机使用指南', text: '配对、密钥激活、加密通话与固件升级的完整步骤。' },
        LINK.headsetLine,
        LINK.meeting,
      ],
    },
  ],
};

/**
 * The seeded catalog: what the shop sells on day one. The seed inserts what is missing and never
 * overwrites (an operator's later price or stock change survives a restart); the one exception is an
 * option's picture, which it fills in where the row has none (databases seeded before options had
 * pictures get them at the next start).
 */
import type { ProductImage, ProductSpec } from './schema';

export type SeedCategory = { slug: string; name: string; description: string; sort: number };
/** `image`: the option's own picture (a colour); without it the option shows the product's first image. */
type SeedSku = { code: string; name: string; priceFen: number; listPriceFen: number; stock: number; image?: string };
export type SeedProduct = {
  id: number;
  category: string;
  slug: string;
  name: string;
  subtitle: string;
  kind: 'device' | 'service';
  description: string;
  highlights: string[];
  specs: ProductSpec[];
  images: ProductImage[];
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  landingPath: string | null;
  featured: boolean;
  sort: number;
  skus: SeedSku[];
};

export const SEED_CATEGORIES: SeedCategory[] = [
  { slug: 'earphones', name: '量子加密耳机', description: '通话与音频全程量子密钥加密的真无线耳机。', sort: 1 },
  { slug: 'headsets', name: '量子加密头戴耳机', description: '面向会议室、指挥调度与移动办公的加密头戴设备。', sort: 2 },
  { slug: 'disks', name: '量子加密移动硬盘', description: '硬件级加密、量子密钥管理的便携存储。', sort: 3 },
  { slug: 'services', name: '量子加密服务', description: '邮件、即时通讯、会议与身份认证的量子安全订阅服务。', sort: 4 },
];

const img = (slug: string, n: number, alt: string): ProductImage => ({
  src: `/images/products/${slug}-${n}.svg`,
  alt,
  width: 800,
  height: 800,
});

/** The picture of one colour option: `${slug}-${variant}.svg` (the product's first image drawn in that colour). */
const skuImage = (slug: string, variant: string | number): string => `/images/products/${slug}-${variant}.svg`;

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 10909,
    category: 'earphones',
    slug: 'quantum-earbuds-q1',
    name: '量盾 量子加密耳机 Q1',
    subtitle: '通话级量子密钥加密 · 主动降噪 · 30 小时续航',
    kind: 'device',
    description:
      '量盾 Q1 是一副把量子密钥装进耳朵里的真无线耳机。耳机与手机配对时，通过量盾 App 从量子密钥服务获取一次一密的会话密钥，通话语音在耳机端以 AES-256-GCM 加密后再经蓝牙传输，即使蓝牙链路被监听也无法还原通话内容。Q1 支持 42 dB 混合主动降噪、通透模式和双设备连接，适合商务通话、远程办公和对隐私敏感的日常使用。',
    highlights: ['量子密钥一次一密，通话端到端加密', '42 dB 混合主动降噪', '单次 8 小时、配合充电盒 30 小时续航', 'IP54 防尘防水'],
    specs: [
      { name: '型号', value: 'LD-Q1' },
      { name: '加密方式', value: '量子密钥分发 + AES-256-GCM' },
      { name: '蓝牙版本', value: '蓝牙 5.3' },
      { name: '降噪深度', value: '42 dB' },
      { name: '续航', value: '耳机 8 小时，总计 30 小时' },
      { name: '充电接口', value: 'USB-C，支持 Qi 无线充电' },
      { name: '重量', value: '单耳 4.8 g，充电盒 45 g' },
      { name: '防护等级', value: 'IP54' },
    ],
    images: [img('quantum-earbuds-q1', 1, '量盾 量子加密耳机 Q1 正面'), img('quantum-earbuds-q1', 2, '量盾 Q1 充电盒'), img('quantum-earbuds-q1', 3, '量盾 Q1 佩戴示意')],
    seoTitle: '量盾量子加密耳机 Q1_通话量子加密真无线耳机 - 量盾商城',
    seoDescription: '量盾 Q1 量子加密耳机：量子密钥一次一密加密通话，42 dB 主动降噪，30 小时续航，官方正品，顺丰包邮。',
    seoKeywords: '量子加密耳机,量盾Q1,加密通话耳机,防窃听耳机,真无线降噪耳机',
    landingPath: '/EarphoneDetails',
    featured: true,
    sort: 1,
    skus: [
      { code: 'Q1-BLK', name: '曜石黑', priceFen: 129_900, listPriceFen: 149_900, stock: 320, image: skuImage('quantum-earbuds-q1', 1) },
      { code: 'Q1-WHT', name: '云母白', priceFen: 129_900, listPriceFen: 149_900, stock: 180, image: skuImage('quantum-earbuds-q1', 'white') },
    ],
  },
  {
    id: 10910,
    category: 'earphones',
    slug: 'quantum-earbuds-q1-lite',
    name: '量盾 量子加密耳机 Q1 青春版',
    subtitle: '量子加密通话 · 轻巧入耳 · 24 小时续航',
    kind: 'device',
    description:
      '量盾 Q1 青春版保留了 Q1 的量子密钥通话加密能力，去掉了主动降噪，换来更轻的机身和更亲民的价格。适合学生、自由职业者以及需要一副安全通话耳机作为备用的用户。',
    highlights: ['与 Q1 相同的量子密钥通话加密', '单耳 4.1 g 轻巧佩戴', '总续航 24 小时', '环境音降噪，通话更清晰'],
    specs: [
      { name: '型号', value: 'LD-Q1L' },
      { name: '加密方式', value: '量子密钥分发 + AES-256-GCM' },
      { name: '蓝牙版本', value: '蓝牙 5.3' },
      { name: '续航', value: '耳机 6 小时，总计 24 小时' },
      { name: '充电接口', value: 'USB-C' },
      { name: '重量', value: '单耳 4.1 g，充电盒 38 g' },
    ],
    images: [img('quantum-earbuds-q1-lite', 1, '量盾 Q1 青春版正面'), img('quantum-earbuds-q1-lite', 2, '量盾 Q1 青春版充电盒')],
    seoTitle: '量盾量子加密耳机 Q1 青春版 - 量盾商城',
    seoDescription: '量盾 Q1 青春版：量子密钥加密通话，单耳 4.1 g，24 小时续航，入门首选的加密耳机。',
    seoKeywords: '量子加密耳机,Q1青春版,加密通话,蓝牙耳机',
    landingPath: '/EarphoneDetails',
    featured: false,
    sort: 2,
    skus: [
      { code: 'Q1L-BLU', name: '远山蓝', priceFen: 79_900, listPriceFen: 89_900, stock: 260, image: skuImage('quantum-earbuds-q1-lite', 1) },
      { code: 'Q1L-WHT', name: '云母白', priceFen: 79_900, listPriceFen: 89_900, stock: 0, image: skuImage('quantum-earbuds-q1-lite', 'white') },
    ],
  },
  {
    id: 10913,
    category: 'headsets',
    slug: 'quantum-headset-200',
    name: '量盾 量子加密头戴耳机 200',
    subtitle: '会议室级拾音 · 量子加密语音 · 45 小时续航',
    kind: 'device',
    description:
      '量盾 200 是一款面向远程会议和移动办公的头戴式加密耳机。六麦克风阵列配合 AI 通话降噪，语音在耳机内完成量子密钥加密，配合量子会议服务可实现从麦克风到对端扬声器的全链路加密。蛋白皮耳罩与 265 g 机身让长时间会议也不觉负担。',
    highlights: ['六麦克风阵列 AI 通话降噪', '配合量子会议实现全链路加密', '45 小时续航，快充 10 分钟用 5 小时', '蓝牙与 USB-C 有线双模式'],
    specs: [
      { name: '型号', value: 'LD-H200' },
      { name: '加密方式', value: '量子密钥分发 + AES-256-GCM' },
      { name: '麦克风', value: '6 麦克风阵列' },
      { name: '续航', value: '45 小时（降噪关闭）' },
      { name: '连接', value: '蓝牙 5.3 / USB-C 数字音频' },
      { name: '重量', value: '265 g' },
    ],
    images: [img('quantum-headset-200', 1, '量盾 头戴耳机 200 侧面'), img('quantum-headset-200', 2, '量盾 200 折叠收纳'), img('quantum-headset-200', 3, '量盾 200 会议场景')],
    seoTitle: '量盾量子加密头戴耳机 200_会议加密耳机 - 量盾商城',
    seoDescription: '量盾 200 量子加密头戴耳机：六麦克风 AI 降噪，配合量子会议全链路加密，45 小时续航，远程办公会议首选。',
    seoKeywords: '量子加密头戴耳机,量盾200,会议耳机,加密会议,降噪头戴耳机',
    landingPath: '/quantumHeadset_200',
    featured: true,
    sort: 3,
    skus: [
      { code: 'H200-GRY', name: '深空灰', priceFen: 199_900, listPriceFen: 229_900, stock: 150, image: skuImage('quantum-headset-200', 1) },
      { code: 'H200-SLV', name: '月光银', priceFen: 199_900, listPriceFen: 229_900, stock: 8, image: skuImage('quantum-headset-200', 'silver') },
    ],
  },
  {
    id: 10914,
    category: 'headsets',
    slug: 'quantum-headset-t20',
    name: '量盾 量子加密头戴耳机 T20',
    subtitle: '战术级加密通信 · 降噪拾音 · 双链路冗余',
    kind: 'device',
    description:
      '量盾 T20 面向应急指挥、能源巡检与政企安保等对通信安全要求最高的场景。它内置独立安全芯片存储量子密钥，支持蓝牙与 2.4 GHz 专用链路双通道冗余，骨传导麦克风在 100 dB 噪声环境下依然清晰。IP67 防护和 -20 ℃ 低温工作能力让它在户外同样可靠。',
    highlights: ['独立安全芯片存储量子密钥', '蓝牙 + 2.4 GHz 双链路冗余', '骨传导麦克风，100 dB 环境清晰通话', 'IP67 防护，-20 ℃ 至 55 ℃ 工作'],
    specs: [
      { name: '型号', value: 'LD-T20' },
      { name: '安全芯片', value: '国密二级安全芯片' },
      { name: '加密方式', value: '量子密钥分发 + SM4 / AES-256' },
      { name: '连接', value: '蓝牙 5.3 + 2.4 GHz 专用链路' },
      { name: '续航', value: '32 小时' },
      { name: '防护等级', value: 'IP67' },
      { name: '重量', value: '310 g' },
    ],
    images: [img('quantum-headset-t20', 1, '量盾 T20 正面'), img('quantum-headset-t20', 2, '量盾 T20 骨传导麦克风'), img('quantum-headset-t20', 3, '量盾 T20 户外场景')],
    seoTitle: '量盾量子加密头戴耳机 T20_战术加密通信耳机 - 量盾商城',
    seoDescription: '量盾 T20 量子加密头戴耳机：安全芯片存储量子密钥，蓝牙与 2.4 GHz 双链路，IP67 防护，应急指挥与政企安保适用。',
    seoKeywords: '量盾T20,量子加密耳机,战术耳机,加密通信,应急指挥耳机',
    landingPath: '/quantumHeadset_t20',
    featured: true,
    sort: 4,
    skus: [
      { code: 'T20-STD', name: '标准版', priceFen: 269_900, listPriceFen: 299_900, stock: 60 },
      { code: 'T20-PRO', name: '指挥版（含 2.4 GHz 基站）', priceFen: 399_900, listPriceFen: 449_900, stock: 25 },
    ],
  },
  {
    id: 10915,
    category: 'disks',
    slug: 'quantum-disk-200',
    name: '量盾 量子加密移动硬盘 200',
    subtitle: '指纹解锁 · 量子密钥托管 · 丢失远程销毁',
    kind: 'device',
    description:
      '量盾 200 是一块为出差和外勤设计的加密固态移动硬盘。全盘数据由硬件加密引擎实时加密，加密密钥由量子密钥服务托管并与指纹绑定；硬盘丢失后可在量盾 App 中吊销密钥，盘内数据即刻无法解密。USB 3.2 Gen2 接口读取速度可达 1050 MB/s。',
    highlights: ['指纹 + 口令双因子解锁', '量子密钥托管，丢失可远程吊销', '读取 1050 MB/s，写入 1000 MB/s', '铝合金机身，2 米防摔'],
    specs: [
      { name: '型号', value: 'LD-D200' },
      { name: '加密方式', value: '硬件 AES-256-XTS，量子密钥托管' },
      { name: '接口', value: 'USB 3.2 Gen2 Type-C' },
      { name: '读写速度', value: '读取 1050 MB/s，写入 1000 MB/s' },
      { name: '解锁方式', value: '指纹 / 口令 / App 授权' },
      { name: '尺寸', value: '92 × 56 × 11 mm' },
      { name: '重量', value: '68 g' },
    ],
    images: [img('quantum-disk-200', 1, '量盾 移动硬盘 200 正面'), img('quantum-disk-200', 2, '量盾 200 指纹解锁'), img('quantum-disk-200', 3, '量盾 200 接口细节')],
    seoTitle: '量盾量子加密移动硬盘 200_指纹加密固态移动硬盘 - 量盾商城',
    seoDescription: '量盾 200 量子加密移动硬盘：指纹解锁，量子密钥托管，丢失可远程吊销，1050 MB/s 高速读写，1TB/2TB 可选。',
    seoKeywords: '量子加密移动硬盘,量盾200,指纹加密硬盘,加密固态硬盘,防泄密硬盘',
    landingPath: '/quantumDisk_200',
    featured: true,
    sort: 5,
    skus: [
      { code: 'D200-1T', name: '1TB', priceFen: 159_900, listPriceFen: 179_900, stock: 120 },
      { code: 'D200-2T', name: '2TB', priceFen: 229_900, listPriceFen: 259_900, stock: 70 },
    ],
  },
  {
    id: 10916,
    category: 'disks',
    slug: 'quantum-disk-100',
    name: '量盾 量子加密移动硬盘 100',
    subtitle: '口令解锁 · 硬件加密 · 轻薄便携',
    kind: 'device',
    description:
      '量盾 100 是量子加密移动硬盘的标准款：硬件加密引擎、量子密钥托管与远程吊销能力与 200 相同，采用数字口令解锁，机身更薄，适合日常办公文件与个人隐私资料的安全存储。',
    highlights: ['硬件级 AES-256 全盘加密', '量子密钥托管与远程吊销', '数字口令解锁，连续输错 10 次自动锁定', '厚度仅 9 mm'],
    specs: [
      { name: '型号', value: 'LD-D100' },
      { name: '加密方式', value: '硬件 AES-256-XTS，量子密钥托管' },
      { name: '接口', value: 'USB 3.2 Gen1 Type-C' },
      { name: '读写速度', value: '读取 540 MB/s，写入 500 MB/s' },
      { name: '解锁方式', value: '口令 / App 授权' },
      { name: '重量', value: '52 g' },
    ],
    images: [img('quantum-disk-100', 1, '量盾 移动硬盘 100 正面'), img('quantum-disk-100', 2, '量盾 100 口令面板')],
    seoTitle: '量盾量子加密移动硬盘 100 - 量盾商城',
    seoDescription: '量盾 100 量子加密移动硬盘：硬件全盘加密，量子密钥托管，口令解锁，500GB/1TB 可选。',
    seoKeywords: '量子加密移动硬盘,量盾100,加密U盘,加密硬盘',
    landingPath: '/quantumDisk',
    featured: false,
    sort: 6,
    skus: [
      { code: 'D100-500G', name: '500GB', priceFen: 69_900, listPriceFen: 79_900, stock: 200 },
      { code: 'D100-1T', name: '1TB', priceFen: 99_900, listPriceFen: 119_900, stock: 140 },
    ],
  },
  {
    id: 10920,
    category: 'services',
    slug: 'quantum-mail',
    name: '量子邮箱',
    subtitle: '量子密钥加密的企业与个人邮箱',
    kind: 'service',
    description:
      '量子邮箱为每一封邮件生成独立的量子会话密钥，正文与附件在发件端加密、在收件端解密，服务器只保存密文。支持自定义域名、IMAP/SMTP 客户端、网页版与移动 App，兼容普通邮箱收发：发往外部邮箱时可选择“密码信封”方式安全投递。',
    highlights: ['每封邮件独立量子会话密钥', '服务器只存密文，管理员也无法查看', '支持自定义域名与主流客户端', '发往外部邮箱的密码信封'],
    specs: [
      { name: '交付方式', value: '付款后发放激活码，登录量子邮箱控制台激活' },
      { name: '存储空间', value: '个人版 20 GB / 企业版每账号 50 GB' },
      { name: '附件上限', value: '单个附件 2 GB（超大附件）' },
      { name: '客户端', value: '网页版、Windows、macOS、iOS、Android' },
      { name: '有效期', value: '自激活起 1 年' },
    ],
    images: [img('quantum-mail', 1, '量子邮箱网页版界面'), img('quantum-mail', 2, '量子邮箱手机端')],
    seoTitle: '量子邮箱_量子密钥加密邮箱 - 量盾商城',
    seoDescription: '量子邮箱：每封邮件独立量子密钥加密，服务器只存密文，支持企业自定义域名，个人版与企业版按年订阅。',
    seoKeywords: '量子邮箱,加密邮箱,企业邮箱,安全邮箱,量子加密',
    landingPath: '/quantumMail',
    featured: true,
    sort: 7,
    skus: [
      { code: 'MAIL-P-1Y', name: '个人版 · 1 年', priceFen: 19_800, listPriceFen: 29_800, stock: 100_000 },
      { code: 'MAIL-E-1Y', name: '企业版 · 每账号 1 年', priceFen: 36_000, listPriceFen: 48_000, stock: 100_000 },
    ],
  },
  {
    id: 10921,
    category: 'services',
    slug: 'quantum-ding',
    name: '量子钉',
    subtitle: '量子加密的团队即时通讯',
    kind: 'service',
    description:
      '量子钉是面向团队的加密即时通讯工具：单聊、群聊、文件与语音消息都使用量子密钥端到端加密，支持阅后即焚、消息防截屏水印和组织架构管理。管理员可以统一吊销离职成员设备，聊天记录不会留在离职员工手中。',
    highlights: ['单聊群聊端到端量子加密', '阅后即焚与防截屏水印', '组织架构与设备统一管理', '私有化部署可选'],
    specs: [
      { name: '交付方式', value: '付款后发放激活码' },
      { name: '团队规模', value: '团队版最多 200 人，企业版不限' },
      { name: '文件传输', value: '单文件 2 GB' },
      { name: '客户端', value: 'Windows、macOS、iOS、Android、网页版' },
      { name: '有效期', value: '自激活起 1 年' },
    ],
    images: [img('quantum-ding', 1, '量子钉聊天界面'), img('quantum-ding', 2, '量子钉组织架构管理')],
    seoTitle: '量子钉_量子加密团队即时通讯 - 量盾商城',
    seoDescription: '量子钉：团队聊天与文件端到端量子加密，阅后即焚、防截屏水印、设备统一吊销，团队版与企业版按年订阅。',
    seoKeywords: '量子钉,加密聊天,加密即时通讯,企业IM,量子加密',
    landingPath: '/quantumDing',
    featured: false,
    sort: 8,
    skus: [
      { code: 'DING-T-1Y', name: '团队版 · 1 年（20 人）', priceFen: 299_900, listPriceFen: 359_900, stock: 100_000 },
      { code: 'DING-E-1Y', name: '企业版 · 每人 1 年', priceFen: 19_800, listPriceFen: 24_000, stock: 100_000 },
    ],
  },
  {
    id: 10922,
    category: 'services',
    slug: 'quantum-meeting',
    name: '量子会议',
    subtitle: '音视频全程量子加密的云会议',
    kind: 'service',
    description:
      '量子会议为每一场会议分发独立的量子会议密钥，音视频流与屏幕共享在终端加密，媒体服务器只转发密文。支持 300 方会议、会议密码与等候室、会中水印与录制加密存储，可与量盾 200 头戴耳机联动实现从麦克风开始的全链路加密。',
    highlights: ['每场会议独立量子会议密钥', '最多 300 方入会', '等候室、会议密码与会中水印', '与量盾 200 头戴耳机全链路加密'],
    specs: [
      { name: '交付方式', value: '付款后发放激活码' },
      { name: '会议规模', value: '标准版 100 方 / 专业版 300 方' },
      { name: '单场时长', value: '不限时' },
      { name: '录制', value: '云录制加密存储 100 GB' },
      { name: '有效期', value: '自激活起 1 年' },
    ],
    images: [img('quantum-meeting', 1, '量子会议多人会议界面'), img('quantum-meeting', 2, '量子会议加密状态')],
    seoTitle: '量子会议_量子加密视频会议 - 量盾商城',
    seoDescription: '量子会议：音视频与屏幕共享全程量子加密，最多 300 方，等候室与会中水印，标准版与专业版按年订阅。',
    seoKeywords: '量子会议,加密视频会议,安全会议,云会议,量子加密',
    landingPath: '/quantumMeeting',
    featured: false,
    sort: 9,
    skus: [
      { code: 'MEET-S-1Y', name: '标准版 · 1 年（100 方）', priceFen: 99_900, listPriceFen: 129_900, stock: 100_000 },
      { code: 'MEET-P-1Y', name: '专业版 · 1 年（300 方）', priceFen: 259_900, listPriceFen: 299_900, stock: 100_000 },
    ],
  },
  {
    id: 10923,
    category: 'services',
    slug: 'quantum-identity',
    name: '量子身份',
    subtitle: '量子密钥签发的数字身份与免密登录',
    kind: 'service',
    description:
      '量子身份为员工和设备签发由量子随机数生成的数字身份证书，支持扫码免密登录、单点登录（OIDC / SAML）与高风险操作二次确认。证书私钥保存在手机安全区，服务器不存储任何可用于登录的口令，从根上杜绝撞库与钓鱼。',
    highlights: ['量子随机数生成的身份证书', '扫码免密登录与单点登录', '高风险操作二次确认', '服务器不存可登录口令'],
    specs: [
      { name: '交付方式', value: '付款后发放激活码' },
      { name: '协议', value: 'OIDC、SAML 2.0、LDAP 同步' },
      { name: '认证方式', value: '扫码、推送确认、硬件密钥' },
      { name: '有效期', value: '自激活起 1 年' },
    ],
    images: [img('quantum-identity', 1, '量子身份扫码登录'), img('quantum-identity', 2, '量子身份管理后台')],
    seoTitle: '量子身份_量子数字身份与免密登录 - 量盾商城',
    seoDescription: '量子身份：量子随机数签发数字证书，扫码免密登录与单点登录，杜绝撞库钓鱼，按用户数年付订阅。',
    seoKeywords: '量子身份,免密登录,单点登录,数字证书,身份认证',
    landingPath: '/quantumIdentity',
    featured: false,
    sort: 10,
    skus: [
      { code: 'ID-50-1Y', name: '50 用户 · 1 年', priceFen: 499_900, listPriceFen: 599_900, stock: 100_000 },
      { code: 'ID-200-1Y', name: '200 用户 · 1 年', priceFen: 1_599_900, listPriceFen: 1_899_900, stock: 100_000 },
    ],
  },
  {
    id: 10924,
    category: 'headsets',
    slug: 'quantum-headset-100',
    name: '量盾 量子加密头戴耳机 100',
    subtitle: '轻量头戴 · 量子加密通话 · 舒适久戴',
    kind: 'device',
    description:
      '量盾 100 是头戴系列的入门款，延续量子密钥通话加密，采用 198 g 轻量化设计与记忆棉耳罩，适合客服坐席、在线教育与日常网课使用。',
    highlights: ['量子密钥通话加密', '198 g 轻量化设计', '双麦克风通话降噪', '38 小时续航'],
    specs: [
      { name: '型号', value: 'LD-H100' },
      { name: '加密方式', value: '量子密钥分发 + AES-256-GCM' },
      { name: '麦克风', value: '双麦克风' },
      { name: '续航', value: '38 小时' },
      { name: '重量', value: '198 g' },
    ],
    images: [img('quantum-headset-100', 1, '量盾 头戴耳机 100 正面'), img('quantum-headset-100', 2, '量盾 100 佩戴示意')],
    seoTitle: '量盾量子加密头戴耳机 100 - 量盾商城',
    seoDescription: '量盾 100 量子加密头戴耳机：量子密钥通话加密，198 g 轻量化，38 小时续航，客服与网课适用。',
    seoKeywords: '量子加密头戴耳机,量盾100,客服耳机,网课耳机',
    landingPath: '/quantumHeadset',
    featured: false,
    sort: 11,
    skus: [{ code: 'H100-BLK', name: '石墨黑', priceFen: 89_900, listPriceFen: 99_900, stock: 90 }],
  },
];

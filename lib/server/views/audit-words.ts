/**
 * The audit log's before and after as lines of words (状态：已发货) instead of JSON.
 *
 * The audit log's before and after in words (docs/decisions/operator-console.md): 状态：已发货,
 * 售价：¥1,999.00 lines instead of JSON. The objects' names are the view's (audit-log.ts).
 */
import 'server-only';
import { AFTER_SALE_STATUS_LABEL } from '../../domain/after-sale';
import { INVOICE_REVERSAL_LABEL, INVOICE_STATUS_LABEL } from '../../domain/invoice-status';
import { formatFen } from '../../domain/money';
import { ORDER_STATUS_LABEL } from '../../domain/order-status';
import { SUPPORT_STATUS_NAMES } from '../../domain/support';

/** What a field of a before/after is called in the console. */
const FIELD_LABEL: Record<string, string> = {
  status: '状态',
  carrier: '快递公司',
  trackingNo: '运单号',
  cancelReason: '取消原因',
  reason: '原因',
  invoice: '发票',
  invoiceNo: '发票号',
  rejectReason: '驳回原因',
  amountFen: '金额',
  reversal: '红冲',
  refundFen: '退款金额',
  restocked: '退回库存',
  returnShippingFen: '寄回运费',
  returnShippingPaidFen: '补偿运费',
  name: '名称',
  subtitle: '副标题',
  description: '描述',
  images: '图片',
  onSale: '上架',
  priceProtectDays: '价保天数',
  priceFen: '售价',
  listPriceFen: '划线价',
  stock: '库存',
  target: '对应商品词',
  hidden: '隐藏',
  reply: '回复',
  text: '内容',
  messageId: '消息编号',
  operatorId: '接待客服',
  count: '数量',
  stopped: '已停发',
  attempts: '已尝试次数',
  lastError: '上次错误',
  due: '下次发送',
  deletedAt: '注销时间',
  thresholdFen: '使用门槛',
  discountFen: '优惠金额',
  percent: '折扣',
  total: '发放总量',
  perUserLimit: '每人限领',
  code: '兑换码',
  scope: '适用范围',
  ids: '编号',
  validity: '有效期',
  days: '天数',
  startsAt: '开始时间',
  endsAt: '结束时间',
  type: '类型',
  kind: '类型',
  orderNo: '订单号',
  afterSaleNo: '售后单号',
};

/** The status names of each kind of object. */
const STATUS_LABEL: Record<string, Record<string, string>> = {
  order: ORDER_STATUS_LABEL,
  after_sale: AFTER_SALE_STATUS_LABEL,
  invoice: INVOICE_STATUS_LABEL,
  support_conversation: SUPPORT_STATUS_NAMES,
};

/** Long texts (a description, an error) are cut to this many characters in the log's cell. */
const TEXT_MAX = 80;

function valueText(entity: string, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '无';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'number' && key.endsWith('Fen')) return formatFen(v);
  if (key === 'status' && typeof v === 'string') return STATUS_LABEL[entity]?.[v] ?? v;
  if (key === 'reversal' && typeof v === 'string') return INVOICE_REVERSAL_LABEL[v as keyof typeof INVOICE_REVERSAL_LABEL] ?? v;
  if (key === 'due' && v === 'now') return '立即';
  if (key === 'images' && typeof v === 'number') return `${v} 张`;
  if (Array.isArray(v)) return v.every((x) => typeof x !== 'object' || x === null) ? v.join('、') : `${v.length} 项`;
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${FIELD_LABEL[k] ?? k} ${valueText(entity, k, x)}`).join('，');
  const s = String(v);
  return [...s].length > TEXT_MAX ? `${[...s].slice(0, TEXT_MAX).join('')}…` : s;
}

/** A before/after as lines 「状态：已发货」; the form's version stamp is left out. */
export function changeLines(entity: string, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [valueText(entity, '', value)];
  return Object.entries(value as Record<string, unknown>)
    .filter(([k]) => k !== 'version')
    .map(([k, v]) => `${FIELD_LABEL[k] ?? k}：${valueText(entity, k, v)}`);
}


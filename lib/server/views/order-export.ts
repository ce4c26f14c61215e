/**
 * The console's 导出 CSV of the order table: the rows of the current filter, in yuan and Beijing time.
 *
 * 导出 CSV of the order table: exactly the rows of the current filter, Chinese headers, Beijing
 * time, money in yuan; the file format is lib/server/csv.ts (BOM, CRLF, quoted, formula guard).
 */
import 'server-only';
import { ORDER_EXPORT_MAX_ROWS } from '../limits';
import { fenToYuanString } from '../../domain/money';
import { PRODUCT_KIND_LABEL } from '../../domain/product-kind';
import { shopDateTime, shopDay } from '../../domain/shop-time';
import { asText, toCsv } from '../csv';
import { badRequest } from '../errors';
import { allFilteredOrders } from './console-order-list';

const HEAD = [
  '订单号',
  '下单时间',
  '订单状态',
  '类型',
  '商品',
  '件数',
  '商品金额（元）',
  '运费（元）',
  '实付金额（元）',
  '下单手机号',
  '收货人',
  '收货电话',
  '收货地址',
  '付款时间',
  '发货时间',
  '快递公司',
  '运单号',
] as const;

const at = (s: string | null) => shopDateTime(s ? new Date(s) : null);

/** The CSV and its file name, in Chinese and in ASCII for clients that cannot take the other (the handler makes the download). */
export async function exportOrdersCsv(query: unknown): Promise<{ body: string; filename: string; asciiFilename: string }> {
  const rows = await allFilteredOrders(query, ORDER_EXPORT_MAX_ROWS + 1);
  if (rows.length > ORDER_EXPORT_MAX_ROWS) {
    throw badRequest(`筛选结果超过 ${ORDER_EXPORT_MAX_ROWS} 条，请缩小日期范围或增加筛选条件后再导出`);
  }
  const body = toCsv(
    HEAD,
    rows.map((r) => [
      asText(r.orderNo),
      at(r.createdAt),
      r.statusLabel,
      PRODUCT_KIND_LABEL[r.kind],
      r.items,
      r.itemCount,
      fenToYuanString(r.itemsTotalFen),
      fenToYuanString(r.shippingFen),
      fenToYuanString(r.totalFen),
      asText(r.buyerPhone),
      r.receiverName,
      asText(r.receiverTel),
      r.receiverAddress,
      at(r.paidAt),
      at(r.shippedAt),
      r.carrier,
      asText(r.trackingNo),
    ]),
  );
  const stamp = shopDay().replace(/-/g, '');
  return { body, filename: `订单-${stamp}.csv`, asciiFilename: `orders-${stamp}.csv` };
}

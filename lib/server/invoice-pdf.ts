/**
 * The issued e-invoice as a PDF (docs/decisions/invoice-pdf.md): seller and buyer with their taxpayer numbers, every
 * order line with its amount before tax, the rate and the tax, shipping as a line of its own, the
 * total in figures and in Chinese capitals, the date and the number.
 *
 * pdfkit with Noto Sans SC (@expo-google-fonts/noto-sans-sc) as the document's only font, so pdfkit
 * never reads its built-in Helvetica metrics (pdfkit is in serverExternalPackages all the same).
 * Whatever a shopper typed is drawn as glyphs of that font: nothing in it can reach the PDF syntax.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { COMPANY_ADDRESS, COMPANY_NAME, SERVICE_PHONE, SHOP_NAME } from '../site';
import { SELLER_TAX_NO, VAT_RATE_PERCENT } from '../domain/invoice-rules';
import { INVOICE_TYPE_LABEL, type InvoiceType } from '../domain/invoice-status';
import { fenToChineseCapital, fenToYuanString, formatFen } from '../domain/money';
import { shopDay } from '../domain/shop-time';
import { CONTROL } from '../domain/control-chars';

const FONT_FILE = path.join(
  /*turbopackIgnore: true*/ process.cwd(),
  'node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);

let fontBytes: Buffer | undefined;
function font(): Buffer {
  fontBytes ??= readFileSync(FONT_FILE);
  return fontBytes;
}

export type InvoicePdfLine = { name: string; spec: string; unit: string; quantity: number; amountFen: number };

/** The buyer's part of an invoice: its title, taxpayer number and (增值税专用发票) registration and bank. */
export type InvoiceBuyer = {
  title: string;
  taxNo: string | null;
  registeredAddress: string | null;
  registeredPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
};

type InvoicePdfData = {
  invoiceNo: string;
  issuedAt: Date;
  invoiceType: InvoiceType;
  orderNo: string;
  buyer: InvoiceBuyer;
  /** Tax-inclusive amounts; they add up to the order's total. */
  lines: InvoicePdfLine[];
};

type TaxedLine = InvoicePdfLine & { netFen: number; taxFen: number };

/**
 * Splits each tax-inclusive amount into the amount before tax and the tax at VAT_RATE_PERCENT,
 * rounded to the fen per line (the tax is the remainder, so net + tax is the amount exactly).
 */
function taxLines(lines: InvoicePdfLine[], ratePercent = VAT_RATE_PERCENT): TaxedLine[] {
  return lines.map((l) => {
    const netFen = Math.round((l.amountFen * 100) / (100 + ratePercent));
    return { ...l, netFen, taxFen: l.amountFen - netFen };
  });
}

const CONTROL_RUNS = new RegExp(`${CONTROL.source}+`, 'g');

/** Control characters and line breaks become spaces; the rest is drawn as typed. */
function clean(s: string | null | undefined): string {
  return (s ?? '').normalize('NFC').replace(CONTROL_RUNS, ' ').trim();
}

/** The issue date in Beijing time: 2026年11月23日. */
function invoiceDate(d: Date): string {
  const [year, month, day] = shopDay(d).split('-');
  return `${year}年${month}月${day}日`;
}

/** A unit price before tax, with as many decimals as it needs (at least 2, at most 6). */
function unitPrice(netFen: number, quantity: number): string {
  const s = (netFen / quantity / 100).toFixed(6).replace(/0+$/, '');
  const [i, f = ''] = s.split('.');
  return `${i}.${f.padEnd(2, '0')}`;
}

// ------------------------------------------------------------------ layout (A4 landscape, points)

const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const X0 = PAGE.margin;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = '#1f2937';
const RULE = '#8a5a2b';
const COLUMNS = [
  { head: '项目名称', width: 220, align: 'left' },
  { head: '规格型号', width: 120, align: 'left' },
  { head: '单位', width: 40, align: 'center' },
  { head: '数量', width: 50, align: 'right' },
  { head: '单价（不含税）', width: 90, align: 'right' },
  { head: '金额', width: 90, align: 'right' },
  { head: '税率', width: 60, align: 'center' },
  { head: '税额', width: WIDTH - 670, align: 'right' },
] as const;
const PAD = 4;

export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    // The CJK font is the default font: Helvetica (and its AFM file) is never loaded.
    font: font() as unknown as string,
    info: { Title: `${INVOICE_TYPE_LABEL[data.invoiceType]} ${data.invoiceNo}`, Author: COMPANY_NAME, Creator: SHOP_NAME },
    lang: 'zh-CN',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const lines = taxLines(data.lines);
  const totalFen = lines.reduce((n, l) => n + l.amountFen, 0);
  const netFen = lines.reduce((n, l) => n + l.netFen, 0);
  const taxFen = lines.reduce((n, l) => n + l.taxFen, 0);
  doc.fillColor(INK).strokeColor(RULE).lineWidth(0.8);

  const header = () => {
    doc.fontSize(20).fillColor(RULE).text(`电子发票（${INVOICE_TYPE_LABEL[data.invoiceType]}）`, X0, PAGE.margin, { width: WIDTH, align: 'center' });
    doc.fillColor(INK).fontSize(10);
    doc.text(`发票号码：${data.invoiceNo}`, X0 + WIDTH - 240, PAGE.margin + 2, { width: 240, align: 'left' });
    doc.text(`开票日期：${invoiceDate(data.issuedAt)}`, X0 + WIDTH - 240, PAGE.margin + 18, { width: 240, align: 'left' });
    return PAGE.margin + 44;
  };

  // ---- the parties
  let y = header();
  const half = WIDTH / 2;
  const b = data.buyer;
  const party = (heading: string, rows: [string, string][], x: number) => {
    let yy = y + PAD;
    doc.fontSize(11).fillColor(RULE).text(heading, x + PAD, yy, { width: half - 2 * PAD });
    yy += 16;
    doc.fontSize(9.5).fillColor(INK);
    for (const [k, v] of rows) {
      const t = `${k}：${v || '—'}`;
      doc.text(t, x + PAD, yy, { width: half - 2 * PAD });
      yy += doc.heightOfString(t, { width: half - 2 * PAD }) + 3;
    }
    return yy + PAD - y;
  };
  const buyerRows: [string, string][] = [
    ['名称', clean(b.title)],
    ['统一社会信用代码/纳税人识别号', clean(b.taxNo)],
  ];
  if (b.registeredAddress || b.registeredPhone) buyerRows.push(['地址、电话', `${clean(b.registeredAddress)} ${clean(b.registeredPhone)}`.trim()]);
  if (b.bankName || b.bankAccount) buyerRows.push(['开户行及账号', `${clean(b.bankName)} ${clean(b.bankAccount)}`.trim()]);
  const sellerAddress = `${COMPANY_ADDRESS.addressRegion}${COMPANY_ADDRESS.addressLocality}${COMPANY_ADDRESS.streetAddress}`;
  const sellerRows: [string, string][] = [
    ['名称', COMPANY_NAME],
    ['统一社会信用代码/纳税人识别号', SELLER_TAX_NO],
    ['地址、电话', `${sellerAddress} ${SERVICE_PHONE}`],
  ];
  const partyHeight = Math.max(party('购买方信息', buyerRows, X0), party('销售方信息', sellerRows, X0 + half));
  doc.rect(X0, y, WIDTH, partyHeight).stroke();
  doc.moveTo(X0 + half, y).lineTo(X0 + half, y + partyHeight).stroke();
  y += partyHeight;

  // ---- the lines
  const cells = (values: string[], top: number, size = 9.5) => {
    doc.fontSize(size);
    let x = X0;
    let h = 0;
    values.forEach((v, i) => {
      const c = COLUMNS[i];
      doc.text(v, x + PAD, top + PAD, { width: c.width - 2 * PAD, align: c.align });
      h = Math.max(h, doc.heightOfString(v, { width: c.width - 2 * PAD }));
      x += c.width;
    });
    return h + 2 * PAD;
  };
  const rowHeight = (values: string[], size = 9.5) => {
    doc.fontSize(size);
    return Math.max(...values.map((v, i) => doc.heightOfString(v, { width: COLUMNS[i].width - 2 * PAD }))) + 2 * PAD;
  };
  const headRow = () => {
    const h = cells(COLUMNS.map((c) => c.head), y, 9.5);
    doc.moveTo(X0, y + h).lineTo(X0 + WIDTH, y + h).stroke();
    y += h;
  };
  const bottom = PAGE.height - PAGE.margin;
  /** Closes the table on this page and goes on on the next, under the header and column heads. */
  const nextPage = (withHead: boolean) => {
    doc.rect(X0, pageTop, WIDTH, y - pageTop).stroke();
    doc.addPage();
    y = header();
    pageTop = y;
    if (withHead) headRow();
  };
  let pageTop = y;
  headRow();
  for (const l of lines) {
    const values = [
      clean(l.name),
      clean(l.spec),
      l.unit,
      String(l.quantity),
      unitPrice(l.netFen, l.quantity),
      fenToYuanString(l.netFen),
      `${VAT_RATE_PERCENT}%`,
      fenToYuanString(l.taxFen),
    ];
    if (y + rowHeight(values) > bottom) nextPage(true);
    y += cells(values, y);
  }
  const sumRow = ['合计', '', '', '', '', `¥${fenToYuanString(netFen)}`, '', `¥${fenToYuanString(taxFen)}`];
  if (y + 110 > bottom) nextPage(false); // 合计, 价税合计, 备注 and 开票人 stay together
  doc.moveTo(X0, y).lineTo(X0 + WIDTH, y).stroke();
  y += cells(sumRow, y);
  doc.rect(X0, pageTop, WIDTH, y - pageTop).stroke();

  // ---- the total, the remark, the issuer
  const totalHeight = 26;
  doc.rect(X0, y, WIDTH, totalHeight).stroke();
  doc.fontSize(10.5).text(`价税合计（大写）  ${fenToChineseCapital(totalFen)}`, X0 + PAD, y + 7, { width: WIDTH * 0.65 });
  doc.text(`（小写）${formatFen(totalFen)}`, X0 + WIDTH * 0.65, y + 7, { width: WIDTH * 0.35 - PAD, align: 'right' });
  y += totalHeight;
  const remark = `订单编号：${data.orderNo}`;
  const remarkHeight = doc.fontSize(9.5).heightOfString(remark, { width: WIDTH - 60 }) + 2 * PAD + 6;
  doc.rect(X0, y, WIDTH, remarkHeight).stroke();
  doc.text('备注', X0 + PAD, y + PAD + 3, { width: 50 });
  doc.text(remark, X0 + 60, y + PAD + 3, { width: WIDTH - 60 - PAD });
  y += remarkHeight + 10;
  doc.fontSize(9.5).text(`开票人：${SHOP_NAME}`, X0, y, { width: WIDTH });

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The CSV writer of the order export and the console's Beijing-day helpers and page list. */
import { describe, expect, it } from 'vitest';
import { isAdminArea, isAdminPage } from '@/lib/web/admin-paths';
import { asText, csvCell, toCsv } from '@/lib/server/csv';
import { attachmentHeader } from '@/lib/server/http/attachment';
import { shopDateTime, shopDay, shopDayEnd, shopDayStart } from '@/lib/domain/shop-time';

describe('csv', () => {
  it('quotes every field, doubles quotes and keeps commas and line breaks inside the field', () => {
    expect(csvCell('a"b,c\nd')).toBe('"a""b,c\nd"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(12)).toBe('"12"');
  });

  it.each(['=1+1', '+86138', '-2', '@SUM(A1)', '\tx', '\rx', '＝1+1', '＋86138', '－2', '＠SUM(A1)'])('guards %j against formula injection', (v) => {
    expect(csvCell(v)).toBe(`"'${v}"`);
  });

  it('keeps long digit strings as text for Excel, leaves the rest alone', () => {
    expect(asText('20250301120000123456')).toBe('20250301120000123456\t');
    expect(asText('SF1234567890')).toBe('SF1234567890');
    expect(asText('1234')).toBe('1234');
    expect(asText(null)).toBe('');
  });

  it('writes a BOM, CRLF line ends and a trailing CRLF', () => {
    expect(toCsv(['订单号', '状态'], [['1', '待发货']])).toBe('\uFEFF"订单号","状态"\r\n"1","待发货"\r\n');
  });

  it('names the download in ASCII and in UTF-8', () => {
    expect(attachmentHeader('orders.csv', '订单.csv')).toBe(`attachment; filename="orders.csv"; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv`);
  });
});

describe('shop time (Beijing, UTC+8)', () => {
  it('puts 16:00 UTC into the next Beijing day', () => {
    expect(shopDay(new Date('2025-02-28T15:59:59Z'))).toBe('2025-02-28');
    expect(shopDay(new Date('2025-02-28T16:00:00Z'))).toBe('2025-03-01');
    expect(shopDayStart('2025-03-01').toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(shopDayEnd('2025-03-01').toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(shopDateTime(new Date('2025-03-01T08:05:09Z'))).toBe('2025-03-01 16:05:09');
  });
});

describe('admin paths', () => {
  it('knows the console pages and nothing else under /admin', () => {
    for (const p of ['/admin', '/admin/orders', '/admin/orders/20250301120000123456', '/admin/aftersales', '/admin/aftersales/20250301120000654321', '/admin/invoices', '/admin/products', '/admin/products/10909', '/admin/leads', '/admin/audit', '/admin/reviews', '/admin/reviews/12']) {
      expect(isAdminPage(p), p).toBe(true);
    }
    for (const p of ['/admin/', '/admin/x', '/admin/orders/123', '/admin/aftersales/123', '/admin/aftersales/x', '/admin/products/abc', '/admin/reviews/abc', '/admin/reviews/', '/administrator']) expect(isAdminPage(p), p).toBe(false);
    expect(isAdminArea('/admin/x')).toBe(true);
    expect(isAdminArea('/administrator')).toBe(false);
  });
});

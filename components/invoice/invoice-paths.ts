import type { Device } from '@/lib/device';
import { withQuery } from '@/lib/query-string';

/** Where the invoice screens live on each device (proxy.ts also moves a visitor to its device's variant). */
export const invoicePaths = {
  list: (device: Device = 'mobile') => (device === 'desktop' ? '/InvoicePC' : '/Invoice'),
  request: (orderNo: string, device: Device = 'mobile') => withQuery(device === 'desktop' ? '/InvoicePC' : '/Invoice', { orderNo }),
  detail: (id: number, device: Device = 'mobile') => withQuery(device === 'desktop' ? '/InvoiceDetailPC' : '/InvoiceDetail', { id }),
};

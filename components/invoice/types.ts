export type { Invoice, InvoiceSummary, InvoiceTitle } from '@/lib/server/modules/invoice';

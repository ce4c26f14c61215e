export type { Invoice, InvoiceSummary, InvoiceTitle } from '@/lib/server/services/invoice';
